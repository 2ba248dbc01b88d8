import type { EntityManager } from '@mikro-orm/postgresql';
import { firstRow, isUniqueViolation, parseJsonColumn, tenantTable } from '../billable-metrics';
import { newId } from '../../infra/ids';
import { conflict, type AppError } from '../errors';

export type ChargeModelName = 'STANDARD' | 'GRADUATED' | 'VOLUME' | 'PACKAGE' | 'PERCENTAGE';
export type BillingTiming = 'IN_ARREARS' | 'IN_ADVANCE';

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
  chargeModel: ChargeModelName;
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
  charge_model: ChargeModelName;
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

export async function planExists(em: EntityManager, planId: string): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ found: boolean }[]>(`select exists (select 1 from ${tenantTable(em, 'plans')} where id = ?) as found`, [
      planId,
    ]);
  return rows[0]?.found === true;
}

export async function insertCharge(em: EntityManager, charge: NewCharge): Promise<ChargeRecord> {
  try {
    const rows = await em.getConnection().execute<ChargeRow[]>(
      `insert into ${tenantTable(em, 'charges')} (id, plan_id, billable_metric_id, charge_model, billing_timing,
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
      'all',
    );
    return toRecord(firstRow(rows));
  } catch (error) {
    if (isUniqueViolation(error, PLAN_METRIC_UNIQUE)) throw chargeExists();
    throw error;
  }
}

export async function listCharges(
  em: EntityManager,
  options: { limit: number; offset: number; planId?: string },
): Promise<{ records: ChargeRecord[]; total: number }> {
  const connection = em.getConnection();
  const table = tenantTable(em, 'charges');
  const where = options.planId === undefined ? '' : 'where plan_id = ?';
  const filter = options.planId === undefined ? [] : [options.planId];
  const [rows, totals] = await Promise.all([
    connection.execute<ChargeRow[]>(
      `select ${COLUMNS} from ${table} ${where} order by created_at desc, id desc limit ? offset ?`,
      [...filter, options.limit, options.offset],
    ),
    connection.execute<{ total: string }[]>(`select count(*) as total from ${table} ${where}`, filter),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

export async function findCharge(em: EntityManager, id: string): Promise<ChargeRecord | undefined> {
  const rows = await em
    .getConnection()
    .execute<ChargeRow[]>(`select ${COLUMNS} from ${tenantTable(em, 'charges')} where id = ?`, [id]);
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

export async function updateCharge(
  em: EntityManager,
  id: string,
  settings: ChargeSettings,
): Promise<ChargeRecord | undefined> {
  const rows = await em.getConnection().execute<ChargeRow[]>(
    `update ${tenantTable(em, 'charges')}
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
    'all',
  );
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

export async function deleteCharge(em: EntityManager, id: string): Promise<ChargeRecord | undefined> {
  const rows = await em
    .getConnection()
    .execute<ChargeRow[]>(`delete from ${tenantTable(em, 'charges')} where id = ? returning ${COLUMNS}`, [id], 'all');
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
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
