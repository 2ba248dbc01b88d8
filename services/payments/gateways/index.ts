export {
  GatewayError,
  type InboundNotification,
  type ParsedNotification,
  type PaymentGateway,
  type RefundResult,
  type VerifiedRefund,
} from './gateway';
export { createGateway, providerCurrencies, type GatewayFactory } from './gateway-factory';
export { gatewayForPayment, type GatewayAccess } from './payment-gateway';
export { verifyPaymentWithProvider } from './payment-verification';
export { sandboxSignature, SANDBOX_SIGNATURE_HEADER } from './sandbox-signature';
