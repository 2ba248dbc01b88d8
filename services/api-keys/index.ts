export * from './api-key-secret';
export * from './api-keys';
