export * from './attempt-result';
export * from './envelope';
export * from './signing-secrets';
