export * from './gateway';
export { createGateway, providerCurrencies } from './gateway-factory';
