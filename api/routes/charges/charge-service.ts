import type { EntityManager } from '@mikro-orm/postgresql';
import { formatDecimal, parseDecimal } from '../../../domain/money';
import { findBillableMetric } from '../../../services/billable-metrics';
import { findCharge, insertCharge, planExists, updateCharge, type ChargeRecord } from '../../../services/charges';
import { billableMetricNotFound } from '../../../services/billable-metrics';
import { notFound, validationFailed } from '../../../services/errors';
import { planError } from '../../../services/plans';
import { assertFiltersMatchMetric, toStoredFilters, toStoredProperties, type ModelFields } from './charge-input';
import type { ChargeModel } from './model-schema';
import type { CreateChargeBody, UpdateChargeBody } from './schema';

type FilterInput = { key: string; values: string[]; properties: ModelFields };

export const chargeNotFound = (id: string) => notFound('charge_not_found', `Charge ${id} not found`);

function readMinAmount(value: number | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const parsed = parseDecimal(value);
  if (!parsed.ok) throw validationFailed([{ path: 'body.minAmount', message: parsed.error.message }]);
  return formatDecimal(parsed.value);
}

async function metricFiltersOf(em: EntityManager, metricId: string) {
  const metric = await findBillableMetric(em, metricId);
  if (metric === undefined) throw billableMetricNotFound(metricId);
  return metric.filters;
}

/** POST /charges: plan and metric must exist in the tenant (404 naming which), one charge per (plan, metric). */
export async function createCharge(em: EntityManager, body: CreateChargeBody): Promise<ChargeRecord> {
  const model: ChargeModel = body.chargeModel;
  const properties = toStoredProperties(model, body, 'body');
  const minAmount = readMinAmount(body.minAmount);
  if (!(await planExists(em, body.planId))) throw planError('plan_not_found', body.planId);
  const filters = (body.filters ?? []) as FilterInput[];
  assertFiltersMatchMetric(filters, await metricFiltersOf(em, body.billableMetricId));
  return insertCharge(em, {
    planId: body.planId,
    billableMetricId: body.billableMetricId,
    chargeModel: model,
    billingTiming: body.billingTiming ?? 'IN_ARREARS',
    invoiceDisplayName: body.invoiceDisplayName ?? null,
    minAmount,
    properties,
    filters: toStoredFilters(model, filters),
  });
}

/**
 * PATCH /charges/:id: settings alone, or `chargeModel` with that model's parameters replacing the current ones (and
 * `filters` replacing the current filters; required when the model changes and the charge has filters).
 */
export async function changeCharge(em: EntityManager, id: string, body: UpdateChargeBody): Promise<ChargeRecord> {
  const current = await findCharge(em, id);
  if (current === undefined) throw chargeNotFound(id);
  let { chargeModel, properties, filters } = current;
  if ('chargeModel' in body) {
    chargeModel = body.chargeModel;
    properties = toStoredProperties(chargeModel, body, 'body');
    if (body.filters !== undefined) {
      const input = body.filters as FilterInput[];
      assertFiltersMatchMetric(input, await metricFiltersOf(em, current.billableMetricId));
      filters = toStoredFilters(chargeModel, input);
    } else if (chargeModel !== current.chargeModel && filters.length > 0) {
      throw validationFailed([{ path: 'body.filters', message: 'is required when chargeModel changes' }]);
    }
  }
  const updated = await updateCharge(em, id, {
    chargeModel,
    properties,
    filters,
    billingTiming: body.billingTiming ?? current.billingTiming,
    invoiceDisplayName: body.invoiceDisplayName === undefined ? current.invoiceDisplayName : body.invoiceDisplayName,
    minAmount: body.minAmount === undefined ? current.minAmount : readMinAmount(body.minAmount),
  });
  if (updated === undefined) throw chargeNotFound(id);
  return updated;
}
