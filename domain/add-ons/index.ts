export { APPLIED_ADD_ON_STATUSES, type AppliedAddOnStatus } from './applied-add-on-status';
