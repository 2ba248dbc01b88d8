export * from './notification-receipt';
export * from './payment-signaller';
export * from './contradicted-notification';
export * from './payment-event-list';
