export * from './billable-metric-errors';
export * from './billable-metrics';
export * from './metric-rules';
