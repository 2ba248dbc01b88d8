export * from './api-key-secret';
export * from './api-keys';
export * from './api-key-authentication';
