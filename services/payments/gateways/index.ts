export * from './gateway';
export { createGateway, providerCurrencies, type GatewayFactory } from './gateway-factory';
export * from './payment-gateway';
export * from './payment-verification';
