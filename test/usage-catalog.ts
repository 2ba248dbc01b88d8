import { insertBillableMetric, type AggregationType, type MetricFilter } from '../services/catalog/billable-metrics';
import { createCharge, type NewChargeInput } from '../services/catalog/charges';
import type { TenantSql } from '../infra/db/tenant-sql';
import { newId } from '../infra/ids';

/**
 * Usage billing test support: metrics and charges made with the catalog's own functions, and events written straight
 * into the tenant's `events` table (as ingestion stores them), so a test sets up a period's usage exactly.
 */

export interface UsageEventSpec {
  code: string;
  timestamp: Date;
  properties?: Record<string, string | number>;
}

export function createUsageCatalog(sql: TenantSql) {
  return {
    async metric(spec: {
      name: string;
      code: string;
      aggregationType: AggregationType;
      fieldName?: string;
      recurring?: boolean;
      filters?: MetricFilter[];
    }): Promise<string> {
      const metric = await insertBillableMetric(sql, {
        name: spec.name,
        code: spec.code,
        description: null,
        aggregationType: spec.aggregationType,
        fieldName: spec.fieldName ?? null,
        recurring: spec.recurring ?? false,
        filters: spec.filters ?? [],
      });
      return metric.id;
    },

    async charge(spec: NewChargeInput): Promise<string> {
      return (await createCharge(sql, spec)).id;
    },

    /**
     * The metered charges the usage tests bill: API calls (COUNT; region eu at 0.05, the rest at 0.01; minimum 5.00)
     * and payment fees (PERCENTAGE of the SUM of `amount`: 1 % + 0.10 per payment, clamped to 0.50..5.00). Metric
     * codes carry the plan id's tail, so plans of one tenant do not share them.
     */
    async meteredCharges(planId: string) {
      const suffix = planId.slice(-8).toLowerCase();
      const calls = `calls_${suffix}`;
      const payments = `payments_${suffix}`;
      const callsMetric = await this.metric({
        name: 'API calls',
        code: calls,
        aggregationType: 'COUNT',
        filters: [{ key: 'region', values: ['eu', 'us'] }],
      });
      const paymentsMetric = await this.metric({
        name: 'Payments',
        code: payments,
        aggregationType: 'SUM',
        fieldName: 'amount',
      });
      const callsCharge = await this.charge({
        planId,
        billableMetricId: callsMetric,
        chargeModel: 'STANDARD',
        amount: 0.01,
        minAmount: 5,
        filters: [{ key: 'region', values: ['eu'], properties: { amount: 0.05 } }],
      });
      const paymentsCharge = await this.charge({
        planId,
        billableMetricId: paymentsMetric,
        chargeModel: 'PERCENTAGE',
        rate: 1,
        fixedAmount: 0.1,
        perTransactionMin: 0.5,
        perTransactionMax: 5,
        invoiceDisplayName: 'Payment fees',
      });
      return { calls, payments, callsMetric, paymentsMetric, callsCharge, paymentsCharge };
    },

    /** Stores the events in the given order (their ingestion order). */
    async events(subscription: { id: string; customerId: string }, events: readonly UsageEventSpec[]): Promise<void> {
      for (const event of events) {
        const id = newId('usageEvent');
        await sql.query(
          `insert into ${sql.table('events')} (id, transaction_id, subscription_id, customer_id, code, timestamp,
             properties)
           values (?, ?, ?, ?, ?, ?, ?::jsonb)`,
          [
            id,
            id,
            subscription.id,
            subscription.customerId,
            event.code,
            event.timestamp,
            JSON.stringify(event.properties ?? {}),
          ],
        );
      }
    },
  };
}

export type UsageCatalog = ReturnType<typeof createUsageCatalog>;

/** `count` events of `code` at `at`, each with `properties`. */
export const repeated = (count: number, event: UsageEventSpec): UsageEventSpec[] =>
  Array.from({ length: count }, () => ({ ...event }));
