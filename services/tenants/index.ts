export * from './smtp-settings';
export * from './smtp-test';
export * from './tenant-address';
export * from './tenant-change';
export * from './tenant-details';
export * from './tenant-settings';
export * from './tenant-usage';
export * from './webhook-signing-secret';
