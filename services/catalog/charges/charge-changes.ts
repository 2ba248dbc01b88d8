import type { ChargeModel } from '../../../domain/charge-models';
import { formatDecimal, parseDecimal } from '../../../domain/money';
import type { BillingTiming } from '../../../domain/periods';
import { checkModelPricesMetric } from '../../../domain/usage';
import type { SqlTransaction } from '../../../infra/db/sql';
import { billableMetricNotFound, findBillableMetric, type BillableMetricRecord } from '../billable-metrics';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { planError, planExists } from '../plans';
import {
  assertFiltersMatchMetric,
  toStoredFilters,
  toStoredProperties,
  type ChargeFilterInput,
  type ModelFields,
} from './charge-properties';
import { findCharge, insertCharge, updateCharge, type ChargeRecord, type ChargeSql } from './charges';

/** The settings of a charge a caller may give or change; amounts as JSON numbers in major units. */
export interface ChargeSettingsInput {
  billingTiming?: BillingTiming;
  invoiceDisplayName?: string | null;
  minAmount?: number | null;
}

/** A new charge: its plan and metric, its model with that model's parameters, and filters priced by the model. */
export interface NewChargeInput extends ChargeSettingsInput, ModelFields {
  planId: string;
  billableMetricId: string;
  chargeModel: ChargeModel;
  filters?: ChargeFilterInput[];
}

/** Settings alone, or `chargeModel` with all of that model's parameters (and `filters`) replacing the current ones. */
export type ChargeChangeInput =
  | ChargeSettingsInput
  | (ChargeSettingsInput & ModelFields & { chargeModel: ChargeModel; filters?: ChargeFilterInput[] });

export const chargeNotFound = (id: string): AppError => notFound('charge_not_found', `Charge ${id} not found`);

/** CONTRACT §10: usage is billed in arrears only in this version; IN_ADVANCE is refused naming the field. */
function assertTimingSupported(timing: BillingTiming | undefined): void {
  if (timing !== 'IN_ADVANCE') return;
  const message = 'is not supported: charges are billed in arrears (IN_ARREARS) only';
  throw new AppError('invalid', 'charge_timing_unsupported', `body.billingTiming ${message}`, [
    { path: 'body.billingTiming', message },
  ]);
}

/**
 * CONTRACT §10: a charge prices the period's units with its model; PERCENTAGE takes a percentage of each event's
 * amount, so it prices only a non-recurring SUM metric. The metric is stored data, so the refusal is a 409
 * (docs/decisions.md), naming `body.chargeModel` and the metric's aggregation.
 */
function assertModelPricesMetric(model: ChargeModel, metric: BillableMetricRecord): void {
  const check = checkModelPricesMetric(model, metric);
  if (check.ok) return;
  const { code, needs, aggregation } = check.error;
  const message = `${model} needs ${needs}; billable metric ${metric.code} is ${aggregation}`;
  throw new AppError('conflict', code, `body.chargeModel ${message}`, [{ path: 'body.chargeModel', message }]);
}

function readMinAmount(value: number | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const parsed = parseDecimal(value);
  if (!parsed.ok) throw validationFailed([{ path: 'body.minAmount', message: parsed.error.message }]);
  return formatDecimal(parsed.value);
}

/**
 * The metric, its row share-locked until the transaction ends: a PATCH removing a filter value (or making the metric
 * recurring) waits for this charge to commit (and then sees it), or this waits for the PATCH (and then sees the
 * value gone, or the metric recurring).
 */
async function lockedMetricOf(sql: ChargeSql, transaction: SqlTransaction, metricId: string) {
  const metric = await findBillableMetric(sql, metricId, { transaction, lock: 'share' });
  if (metric === undefined) throw billableMetricNotFound(metricId);
  return metric;
}

/** Plan and metric must exist in the tenant (not found naming which), one charge per (plan, metric). */
export async function createCharge(sql: ChargeSql, input: NewChargeInput): Promise<ChargeRecord> {
  assertTimingSupported(input.billingTiming);
  const model = input.chargeModel;
  const properties = toStoredProperties(model, input, 'body');
  const minAmount = readMinAmount(input.minAmount);
  if (!(await planExists(sql, input.planId))) throw planError('plan_not_found', input.planId);
  const filters = input.filters ?? [];
  return sql.transactional(async (transaction) => {
    const metric = await lockedMetricOf(sql, transaction, input.billableMetricId);
    assertModelPricesMetric(model, metric);
    assertFiltersMatchMetric(filters, metric.filters);
    const charge = {
      planId: input.planId,
      billableMetricId: input.billableMetricId,
      chargeModel: model,
      billingTiming: input.billingTiming ?? 'IN_ARREARS',
      invoiceDisplayName: input.invoiceDisplayName ?? null,
      minAmount,
      properties,
      filters: toStoredFilters(model, filters),
    };
    return insertCharge(sql, charge, transaction);
  });
}

/**
 * Settings alone, or `chargeModel` with that model's parameters replacing the current ones (and `filters` replacing
 * the current filters; required when the model changes and the charge has filters). The model must price the metric
 * (a re-pricing as PERCENTAGE of a metric it cannot price is refused; settings alone leave a stored charge as it is).
 * The charge row is locked from read to write, so concurrent changes of different fields keep each other's.
 */
export async function changeCharge(sql: ChargeSql, id: string, change: ChargeChangeInput): Promise<ChargeRecord> {
  assertTimingSupported(change.billingTiming);
  return sql.transactional(async (transaction) => {
    const current = await findCharge(sql, id, { transaction, forUpdate: true });
    if (current === undefined) throw chargeNotFound(id);
    let { chargeModel, properties, filters } = current;
    if ('chargeModel' in change) {
      chargeModel = change.chargeModel;
      properties = toStoredProperties(chargeModel, change, 'body');
      const metric = await lockedMetricOf(sql, transaction, current.billableMetricId);
      assertModelPricesMetric(chargeModel, metric);
      if (change.filters !== undefined) {
        assertFiltersMatchMetric(change.filters, metric.filters);
        filters = toStoredFilters(chargeModel, change.filters);
      } else if (chargeModel !== current.chargeModel && filters.length > 0) {
        throw validationFailed([{ path: 'body.filters', message: 'is required when chargeModel changes' }]);
      }
    }
    const settings = {
      chargeModel,
      properties,
      filters,
      billingTiming: change.billingTiming ?? current.billingTiming,
      invoiceDisplayName:
        change.invoiceDisplayName === undefined ? current.invoiceDisplayName : change.invoiceDisplayName,
      minAmount: change.minAmount === undefined ? current.minAmount : readMinAmount(change.minAmount),
    };
    const updated = await updateCharge(sql, id, settings, transaction);
    if (updated === undefined) throw chargeNotFound(id);
    return updated;
  });
}
