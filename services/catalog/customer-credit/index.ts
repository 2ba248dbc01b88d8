export {
  consumeCustomerCredit,
  creditNoteGrantedMinor,
  customerCreditBalance,
  grantCustomerCredit,
  returnConsumedCustomerCredit,
  revokeCreditNoteGrant,
} from './customer-credit';
export { returnRefundedCredit, takeBackPaymentCredit, unusedPaymentCredit } from './payment-credit';
