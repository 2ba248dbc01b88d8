export * from './connection-test';
export * from './credentials';
export * from './payment-provider-store';
export * from './provider-change';
export * from './provider-configuration';
export * from './provider-endpoints';
export * from './pending-work-port';
