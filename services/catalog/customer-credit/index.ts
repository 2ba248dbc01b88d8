export {
  creditNoteGrantedMinor,
  customerCreditBalance,
  grantCustomerCredit,
  returnConsumedCustomerCredit,
  revokeCreditNoteGrant,
} from './customer-credit';
export { returnRefundedCredit, takeBackPaymentCredit, unusedPaymentCredit } from './payment-credit';
export {
  applyCustomerCreditDraws,
  consumeCustomerCredit,
  readCustomerCreditSources,
  type CreditOwner,
} from './invoice-draws';
export { deleteCustomersCredit } from './customer-removal';
