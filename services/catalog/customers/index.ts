export { customerDeletionValue, customerNotFound } from './customer-errors';
export {
  customerClock,
  customerRequestClock,
  refuseWhileCustomerClockAdvances,
  customersTestClocks,
  findCustomerTestClock,
  lockCustomerTestClock,
  onWallClockInSchema,
  type CustomerClockSql,
} from './customer-clock';
export { recordCustomerEvent, type CustomerEventInput, type CustomerEventSql } from './customer-events';
export {
  countLiveCustomers,
  findCustomerOnRecord,
  findLiveCustomerCurrency,
  lockCustomerExclusively,
  type CustomerOnRecord,
} from './customer-references';
export {
  findCustomer,
  findCustomerByExternalId,
  insertCustomer,
  listCustomers,
  softDeleteCustomer,
  updateCustomer,
  type CustomerChanges,
  type CustomerDeletionRequest,
  type CustomerUpdateRequest,
  type CustomerRecord,
  type CustomerSql,
  type CustomerValues,
} from './customer-store';
export type { CustomerSubscriptions } from './subscription-port';
export type { CustomerWallets } from './wallet-port';
export { deleteTestClockCustomers, listTestClockCustomerIds } from './customer-removal';
