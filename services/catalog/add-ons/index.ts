export { addOnError, addOnValue } from './add-on-errors';
export { ADD_ON_TYPES, type AddOnRecord, type AddOnType, type AppliedAddOnRecord } from './add-on-records';
export {
  createAddOn,
  deleteAddOn,
  findAddOn,
  listAddOns,
  updateAddOn,
  type AddOnChange,
  type NewAddOn,
} from './add-ons';
export {
  applyAddOn,
  findAppliedAddOn,
  listAppliedAddOns,
  removeAppliedAddOn,
  type AddOnApplication,
} from './applied-add-ons';
export { deleteCustomersAppliedAddOns } from './customer-removal';
