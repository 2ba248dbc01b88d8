export * from './attempt-result';
export * from './envelope';
export * from './signing-secrets';
export * from './webhook-event-status';
export * from './webhook-event-type';
export * from './delivery-urgency';
