export * from './access-token-check';
export * from './auth-service';
export * from './refresh-tokens';
export * from './registration';
export * from './tenant-accounts';
export * from './tokens';
