export { businessTime, type BusinessTime } from './business-time';
