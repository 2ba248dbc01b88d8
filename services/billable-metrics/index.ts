export * from './billable-metrics';
export * from './metric-rules';
