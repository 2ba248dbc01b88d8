export * from './past-due';
