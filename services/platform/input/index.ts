export { collectMajorUnits, requireMajorUnits, requirePositiveMajorUnits } from './major-units';
