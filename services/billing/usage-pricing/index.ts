export * from './open-period-usage';
export * from './recorded-usage';
export * from './segment-usage';
export * from './usage-records';
export * from './usage-segments';
export { listClosedSegments } from './usage-segments';
