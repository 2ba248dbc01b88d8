export { actOnSandboxPayment } from './sandbox-payment-actions';
export type { SandboxDeps } from './sandbox-notifier';
export {
  completeSandboxCheckoutBy,
  expireSandboxCheckoutOf,
  readSandboxCheckout,
  readSandboxRefund,
  refundSandboxCheckout,
  registerSandboxCheckout,
  showSandboxCheckout,
  type SandboxAction,
  type SandboxCheckoutRequest,
} from './sandbox-provider';
export type { SandboxCheckout, SandboxRefund } from './sandbox-store';
export { isSandboxFormToken, newSandboxFormNonce, sandboxFormToken } from './sandbox-page-tokens';
