export { collectMajorUnits, requireMajorUnits } from './major-units';
