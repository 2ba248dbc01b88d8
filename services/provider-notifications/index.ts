export * from './notification-receipt';
export * from './payment-signaller';
