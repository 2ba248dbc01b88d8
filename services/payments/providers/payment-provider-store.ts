import type { ProviderKind } from '../../../domain/payments';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { CredentialHints } from './credentials';
import type { SqlParam } from '../../../infra/db/sql';
import type { ProviderPendingWork } from './pending-work-port';

/** A stored configuration: the sealed credentials stay here, presenters only see `credentialHints`. */
export interface PaymentProviderRecord {
  id: string;
  provider: ProviderKind;
  name: string | null;
  isDefault: boolean;
  supportedCurrencies: string[];
  apiBaseUrl: string | null;
  sealedCredentials: string;
  credentialHints: CredentialHints;
  createdAt: Date;
  updatedAt: Date;
}

export interface PaymentProviderValues {
  name: string | null;
  isDefault: boolean;
  supportedCurrencies: string[];
  apiBaseUrl: string | null;
  sealedCredentials: string;
  credentialHints: CredentialHints;
}

interface Row {
  id: string;
  provider: ProviderKind;
  name: string | null;
  is_default: boolean;
  supported_currencies: unknown;
  api_base_url: string | null;
  sealed_credentials: string;
  credential_hints: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export type InsertResult = { ok: true; record: PaymentProviderRecord } | { ok: false; error: 'provider_exists' };

const COLUMNS =
  'id, provider, name, is_default, supported_currencies, api_base_url, sealed_credentials, credential_hints, created_at, updated_at';
const PROVIDER_UNIQUE_INDEX = 'payment_providers_provider_unique';

export type PaymentProviderSql = TenantSql<'payment_providers'>;

/**
 * Makes the transaction the only one moving the tenant's default until it ends. Without it two requests setting
 * different defaults at once both clear the old one, then the second collides with the first's new default on
 * the one-default index.
 */
async function lockDefaultSwitch(sql: PaymentProviderSql, transaction: SqlTransaction): Promise<void> {
  await sql.query(
    'select pg_advisory_xact_lock(hashtextextended(?, 0))',
    [`billing:default-provider:${sql.table('payment_providers')}`],
    transaction,
  );
}

/**
 * Setting a default clears it on the others in the same transaction. The id comes with the values: the credentials
 * were sealed bound to it.
 */
export async function insertPaymentProvider(
  sql: PaymentProviderSql,
  input: PaymentProviderValues & { id: string; provider: ProviderKind },
): Promise<InsertResult> {
  const table = sql.table('payment_providers');
  try {
    const record = await sql.transactional(async (transaction) => {
      if (input.isDefault) {
        await lockDefaultSwitch(sql, transaction);
        await sql.query(`update ${table} set is_default = false where is_default`, [], transaction);
      }
      const row = await sql.oneOrFail<Row>(
        `insert into ${table}
           (id, provider, name, is_default, supported_currencies, api_base_url, sealed_credentials, credential_hints)
         values (?, ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb) returning ${COLUMNS}`,
        [input.id, input.provider, ...valueParams(input)],
        transaction,
      );
      return toRecord(row);
    });
    return { ok: true, record };
  } catch (error) {
    if (isUniqueViolation(error, PROVIDER_UNIQUE_INDEX)) return { ok: false, error: 'provider_exists' };
    throw error;
  }
}

export async function listPaymentProviders(
  sql: PaymentProviderSql,
  window: { limit: number; offset: number },
): Promise<{ records: PaymentProviderRecord[]; total: number }> {
  const table = sql.table('payment_providers');
  const [rows, totals] = await Promise.all([
    sql.query<Row>(`select ${COLUMNS} from ${table} order by created_at desc, id desc limit ? offset ?`, [
      window.limit,
      window.offset,
    ]),
    sql.query<{ total: string }>(`select count(*) as total from ${table}`),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

export async function findPaymentProvider(
  sql: PaymentProviderSql,
  id: string,
): Promise<PaymentProviderRecord | undefined> {
  const row = await sql.one<Row>(`select ${COLUMNS} from ${sql.table('payment_providers')} where id = ?`, [id]);
  return row === undefined ? undefined : toRecord(row);
}

/**
 * Reads the row for update, lets `change` compute the new values from it, and writes them, in one transaction
 * (a concurrent PATCH cannot merge credentials into a stale copy). Changes of one tenant's providers run one at a
 * time (they are rare; the default switch needs it). Undefined when the id is unknown.
 */
export async function updatePaymentProvider(
  sql: PaymentProviderSql,
  id: string,
  change: (current: PaymentProviderRecord) => Promise<PaymentProviderValues> | PaymentProviderValues,
): Promise<PaymentProviderRecord | undefined> {
  const table = sql.table('payment_providers');
  return sql.transactional(async (transaction) => {
    // Before the row lock: whether this change moves the default is known only once `change` has run, and taking
    // the switch lock after a row lock would deadlock with a concurrent PATCH of another provider.
    await lockDefaultSwitch(sql, transaction);
    const current = await sql.one<Row>(`select ${COLUMNS} from ${table} where id = ? for update`, [id], transaction);
    if (current === undefined) return undefined;
    const values = await change(toRecord(current));
    if (values.isDefault) {
      await sql.query(`update ${table} set is_default = false where is_default and id <> ?`, [id], transaction);
    }
    const row = await sql.oneOrFail<Row>(
      `update ${table} set name = ?, is_default = ?, supported_currencies = ?::jsonb, api_base_url = ?,
         sealed_credentials = ?, credential_hints = ?::jsonb, updated_at = now()
       where id = ? returning ${COLUMNS}`,
      [...valueParams(values), id],
      transaction,
    );
    return toRecord(row);
  });
}

/**
 * Deletes the configuration unless a PENDING payment or refund still needs it (CONTRACT §11: its verification, its
 * notifications' secret, its refund result), as `pendingWork` (the port refunds fill) says. The row is locked first,
 * so the check and the delete see one state.
 */
export async function deleteUnusedPaymentProvider(
  sql: TenantSql<'payment_providers' | 'payments' | 'refunds'>,
  request: { id: string; pendingWork: ProviderPendingWork },
): Promise<{ ok: true; record: PaymentProviderRecord } | { ok: false; error: 'not_found' | 'in_use' }> {
  const { id, pendingWork } = request;
  return sql.transactional(async (transaction) => {
    const table = sql.table('payment_providers');
    const locked = await sql.one<{ id: string }>(`select id from ${table} where id = ? for update`, [id], transaction);
    if (locked === undefined) return { ok: false, error: 'not_found' };
    if (await pendingWork.hasPendingWork(sql, id, transaction)) return { ok: false, error: 'in_use' };
    const row = await sql.oneOrFail<Row>(`delete from ${table} where id = ? returning ${COLUMNS}`, [id], transaction);
    return { ok: true, record: toRecord(row) };
  });
}

function valueParams(values: PaymentProviderValues): SqlParam[] {
  return [
    values.name,
    values.isDefault,
    JSON.stringify(values.supportedCurrencies),
    values.apiBaseUrl,
    values.sealedCredentials,
    JSON.stringify(values.credentialHints),
  ];
}

const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

function toRecord(row: Row): PaymentProviderRecord {
  const currencies = parseJson(row.supported_currencies);
  const hints = parseJson(row.credential_hints);
  return {
    id: row.id,
    provider: row.provider,
    name: row.name,
    isDefault: row.is_default,
    supportedCurrencies: Array.isArray(currencies) ? currencies.map(String) : [],
    apiBaseUrl: row.api_base_url,
    sealedCredentials: row.sealed_credentials,
    credentialHints:
      typeof hints === 'object' && hints !== null
        ? Object.fromEntries(Object.entries(hints).map(([key, value]) => [key, String(value)]))
        : {},
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
