export * from './gateway';
