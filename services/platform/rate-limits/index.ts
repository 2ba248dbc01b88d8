export * from './rate-limit-store';
export * from './tenant-rate-limit';
