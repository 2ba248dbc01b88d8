import type { ChargeModel } from '../../../domain/charge-models';
import type { AggregationType } from '../../../domain/metering';
import type { BillingTiming } from '../../../domain/periods';
import { listBillableMetricsByIds, parseJsonColumn } from '../billable-metrics';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { conflict, type AppError } from '../../platform/errors';

/**
 * A model's parameters as stored in `charges.properties` (jsonb): the API's field names, amounts as exact decimal
 * strings ("0.000125"), unit counts as integers. Amounts are not minor units: a plan has several currencies.
 */
export type StoredProperties = Record<string, unknown>;

export interface StoredFilter {
  key: string;
  values: string[];
  properties: StoredProperties;
}

export interface ChargeRecord {
  id: string;
  planId: string;
  billableMetricId: string;
  chargeModel: ChargeModel;
  billingTiming: BillingTiming;
  invoiceDisplayName: string | null;
  /** Exact decimal string in major units, or null. */
  minAmount: string | null;
  properties: StoredProperties;
  filters: StoredFilter[];
  createdAt: Date;
  updatedAt: Date;
}

export type ChargeSettings = Pick<
  ChargeRecord,
  'chargeModel' | 'billingTiming' | 'invoiceDisplayName' | 'minAmount' | 'properties' | 'filters'
>;
export type NewCharge = ChargeSettings & Pick<ChargeRecord, 'planId' | 'billableMetricId'>;

const chargeExists = (): AppError =>
  conflict('charge_exists', 'The plan already has a charge for this billable metric');

interface ChargeRow {
  id: string;
  plan_id: string;
  billable_metric_id: string;
  charge_model: ChargeModel;
  billing_timing: BillingTiming;
  invoice_display_name: string | null;
  min_amount: string | null;
  properties: unknown;
  filters: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `id, plan_id, billable_metric_id, charge_model, billing_timing, invoice_display_name,
  min_amount::text as min_amount, properties, filters, created_at, updated_at`;
const PLAN_METRIC_UNIQUE = 'charges_plan_metric_unique';

/** Charges name their plan and billable metric, so a charge's SQL reaches those tables too. */
export type ChargeSql = TenantSql<'charges' | 'plans' | 'billable_metrics'>;

export async function insertCharge(
  sql: ChargeSql,
  charge: NewCharge,
  transaction?: SqlTransaction,
): Promise<ChargeRecord> {
  try {
    const row = await sql.oneOrFail<ChargeRow>(
      `insert into ${sql.table('charges')} (id, plan_id, billable_metric_id, charge_model, billing_timing,
         invoice_display_name, min_amount, properties, filters)
       values (?, ?, ?, ?, ?, ?, ?::numeric, ?::jsonb, ?::jsonb)
       returning ${COLUMNS}`,
      [
        newId('charge'),
        charge.planId,
        charge.billableMetricId,
        charge.chargeModel,
        charge.billingTiming,
        charge.invoiceDisplayName,
        charge.minAmount,
        JSON.stringify(charge.properties),
        JSON.stringify(charge.filters),
      ],
      transaction,
    );
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error, PLAN_METRIC_UNIQUE)) throw chargeExists();
    throw error;
  }
}

export async function listCharges(
  sql: ChargeSql,
  options: { limit: number; offset: number; planId?: string },
): Promise<{ records: ChargeRecord[]; total: number }> {
  const table = sql.table('charges');
  const where = options.planId === undefined ? '' : 'where plan_id = ?';
  const filter = options.planId === undefined ? [] : [options.planId];
  const [rows, totals] = await Promise.all([
    sql.query<ChargeRow>(
      `select ${COLUMNS} from ${table} ${where} order by created_at desc, id desc limit ? offset ?`,
      [...filter, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${table} ${where}`, filter),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

/** `forUpdate` (inside `transaction`) locks the row until the transaction ends: read, check and write as one. */
export async function findCharge(
  sql: ChargeSql,
  id: string,
  options: { transaction?: SqlTransaction; forUpdate?: boolean } = {},
): Promise<ChargeRecord | undefined> {
  const lock = options.forUpdate === true ? 'for no key update' : '';
  const row = await sql.one<ChargeRow>(
    `select ${COLUMNS} from ${sql.table('charges')} where id = ? ${lock}`,
    [id],
    options.transaction,
  );
  return row === undefined ? undefined : toRecord(row);
}

export async function updateCharge(
  sql: ChargeSql,
  id: string,
  settings: ChargeSettings,
  transaction?: SqlTransaction,
): Promise<ChargeRecord | undefined> {
  const row = await sql.one<ChargeRow>(
    `update ${sql.table('charges')}
        set charge_model = ?, billing_timing = ?, invoice_display_name = ?, min_amount = ?::numeric,
            properties = ?::jsonb, filters = ?::jsonb, updated_at = now()
      where id = ?
      returning ${COLUMNS}`,
    [
      settings.chargeModel,
      settings.billingTiming,
      settings.invoiceDisplayName,
      settings.minAmount,
      JSON.stringify(settings.properties),
      JSON.stringify(settings.filters),
      id,
    ],
    transaction,
  );
  return row === undefined ? undefined : toRecord(row);
}

export async function deleteCharge(sql: ChargeSql, id: string): Promise<ChargeRecord | undefined> {
  const row = await sql.one<ChargeRow>(`delete from ${sql.table('charges')} where id = ? returning ${COLUMNS}`, [id]);
  return row === undefined ? undefined : toRecord(row);
}

function toRecord(row: ChargeRow): ChargeRecord {
  return {
    id: row.id,
    planId: row.plan_id,
    billableMetricId: row.billable_metric_id,
    chargeModel: row.charge_model,
    billingTiming: row.billing_timing,
    invoiceDisplayName: row.invoice_display_name,
    minAmount: row.min_amount,
    properties: parseJsonColumn(row.properties) as StoredProperties,
    filters: parseJsonColumn(row.filters) as StoredFilter[],
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** The billable metric a charge prices, as usage billing reads it. */
export interface ChargedMetric {
  id: string;
  name: string;
  code: string;
  aggregationType: AggregationType;
  fieldName: string | null;
  recurring: boolean;
}

export interface PlanCharge {
  charge: ChargeRecord;
  metric: ChargedMetric;
}

/**
 * Every charge of a plan with its metric, oldest first (the order of their invoice lines). The metrics are read by
 * their ids next; a charge's metric cannot go while the charge exists (the charges' foreign key).
 */
export async function listPlanChargesWithMetrics(
  sql: ChargeSql,
  planId: string,
  transaction?: SqlTransaction,
): Promise<PlanCharge[]> {
  const rows = await sql.query<ChargeRow>(
    `select ${COLUMNS} from ${sql.table('charges')} where plan_id = ? order by created_at, id`,
    [planId],
    transaction,
  );
  if (rows.length === 0) return [];
  const metricIds = [...new Set(rows.map((row) => row.billable_metric_id))];
  const metrics = new Map(
    (await listBillableMetricsByIds(sql, metricIds, transaction)).map((metric) => [metric.id, metric]),
  );
  return rows.map((row) => {
    const metric = metrics.get(row.billable_metric_id);
    if (metric === undefined) throw new Error(`charge ${row.id} prices an unknown metric`);
    const { id, name, code, aggregationType, fieldName, recurring } = metric;
    return { charge: toRecord(row), metric: { id, name, code, aggregationType, fieldName, recurring } };
  });
}
