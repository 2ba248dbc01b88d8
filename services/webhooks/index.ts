export * from './delivery-starter';
export * from './delivery-store';
export * from './outbox/record-event';
export * from './outbox/relay-loop';
export * from './redeliver';
export * from './send-webhook';
export * from './signature';
export * from './webhook-history';
