import type { ChargeModel } from '../../../domain/charge-models';
import { formatDecimal, parseDecimal } from '../../../domain/money';
import type { BillingTiming } from '../../../domain/periods';
import type { SqlTransaction } from '../../../infra/db/sql';
import { billableMetricNotFound, findBillableMetric } from '../billable-metrics';
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

function readMinAmount(value: number | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const parsed = parseDecimal(value);
  if (!parsed.ok) throw validationFailed([{ path: 'body.minAmount', message: parsed.error.message }]);
  return formatDecimal(parsed.value);
}

/**
 * The metric's filters, its row share-locked until the transaction ends: a PATCH removing a filter value waits for
 * this charge to commit (and then sees it priced), or this waits for the PATCH (and then sees the value gone).
 */
async function metricFiltersOf(sql: ChargeSql, transaction: SqlTransaction, metricId: string) {
  const metric = await findBillableMetric(sql, metricId, { transaction, lock: 'share' });
  if (metric === undefined) throw billableMetricNotFound(metricId);
  return metric.filters;
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
    assertFiltersMatchMetric(filters, await metricFiltersOf(sql, transaction, input.billableMetricId));
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
 * the current filters; required when the model changes and the charge has filters). The charge row is locked from
 * read to write, so concurrent changes of different fields keep each other's.
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
      if (change.filters !== undefined) {
        const metricFilters = await metricFiltersOf(sql, transaction, current.billableMetricId);
        assertFiltersMatchMetric(change.filters, metricFilters);
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
