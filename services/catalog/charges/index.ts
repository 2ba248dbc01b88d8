export * from './charge-changes';
export * from './charge-properties';
export * from './charges';
export * from './metric-charges';
