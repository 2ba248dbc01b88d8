export * from './app-error';
export * from './transaction-refusal';
