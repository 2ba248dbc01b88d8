export { changeCharge, chargeNotFound, createCharge, type NewChargeInput } from './charge-changes';
export {
  deleteCharge,
  findCharge,
  listCharges,
  listPlanChargesWithMetrics,
  type ChargeRecord,
  type ChargedMetric,
  type StoredFilter,
  type StoredProperties,
} from './charges';
export { metricCharges } from './metric-charges';
