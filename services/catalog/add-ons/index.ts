export * from './add-on-errors';
export * from './add-on-records';
export * from './add-ons';
export * from './applied-add-ons';
