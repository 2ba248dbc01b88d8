export * from './connection-test';
export * from './credentials';
export * from './payment-provider-store';
