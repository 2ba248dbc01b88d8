export * from './billable-metric-errors';
export * from './billable-metrics';
export * from './change-billable-metric';
export * from './metric-rules';
export * from './charge-port';
export * from './metric-versions';
