export * from './create-credit-note';
export * from './credit-note-errors';
export * from './credit-note-queries';
export * from './credit-note-records';
export * from './credit-note-view';
export * from './finalize-credit-note';
export * from './update-credit-note';
export * from './void-credit-note';
