export * from './charges';
