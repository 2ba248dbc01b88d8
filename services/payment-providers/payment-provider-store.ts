import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteIdentifier } from '../../infra/db/sql-identifier';
import { newId } from '../../infra/ids';
import type { CredentialHints, ProviderKind } from './credentials';

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
const UNIQUE_VIOLATION = '23505';
const PROVIDER_UNIQUE_INDEX = 'payment_providers_provider_unique';

/**
 * Raw SQL on the caller's tenant fork (`tenantEntityManager`): the table is qualified with the fork's schema, so a
 * query can only reach the calling tenant's rows.
 */
function table(em: EntityManager): string {
  const schema = em.schema;
  if (schema === undefined) throw new Error('payment providers need a tenant EntityManager (forked with its schema)');
  return `${quoteIdentifier(schema)}.payment_providers`;
}

async function run(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  return em.getConnection().execute<Row[]>(sql, params, 'all', em.getTransactionContext());
}

/**
 * Makes the transaction the only one moving the tenant's default until it ends. Without it two requests setting
 * different defaults at once both clear the old one, then the second collides with the first's new default on
 * the one-default index.
 */
async function lockDefaultSwitch(tx: EntityManager): Promise<void> {
  await run(tx, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`billing:default-provider:${table(tx)}`]);
}

/** Setting a default clears it on the others in the same transaction. */
export async function insertPaymentProvider(
  em: EntityManager,
  input: PaymentProviderValues & { provider: ProviderKind },
): Promise<InsertResult> {
  try {
    const record = await em.transactional(async (tx) => {
      if (input.isDefault) {
        await lockDefaultSwitch(tx);
        await run(tx, `update ${table(tx)} set is_default = false where is_default`, []);
      }
      const rows = await run(
        tx,
        `insert into ${table(tx)}
           (id, provider, name, is_default, supported_currencies, api_base_url, sealed_credentials, credential_hints)
         values (?, ?, ?, ?, ?::jsonb, ?, ?, ?::jsonb) returning ${COLUMNS}`,
        [newId('paymentProvider'), input.provider, ...valueParams(input)],
      );
      return toRecord(single(rows));
    });
    return { ok: true, record };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: 'provider_exists' };
    throw error;
  }
}

export async function listPaymentProviders(
  em: EntityManager,
  window: { limit: number; offset: number },
): Promise<{ records: PaymentProviderRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    run(em, `select ${COLUMNS} from ${table(em)} order by created_at desc, id desc limit ? offset ?`, [
      window.limit,
      window.offset,
    ]),
    em.getConnection().execute<{ total: string }[]>(`select count(*) as total from ${table(em)}`),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

export async function findPaymentProvider(em: EntityManager, id: string): Promise<PaymentProviderRecord | undefined> {
  const rows = await run(em, `select ${COLUMNS} from ${table(em)} where id = ?`, [id]);
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

/**
 * Reads the row for update, lets `change` compute the new values from it, and writes them, in one transaction
 * (a concurrent PATCH cannot merge credentials into a stale copy). Changes of one tenant's providers run one at a
 * time (they are rare; the default switch needs it). Undefined when the id is unknown.
 */
export async function updatePaymentProvider(
  em: EntityManager,
  id: string,
  change: (current: PaymentProviderRecord) => Promise<PaymentProviderValues> | PaymentProviderValues,
): Promise<PaymentProviderRecord | undefined> {
  return em.transactional(async (tx) => {
    // Before the row lock: whether this change moves the default is known only once `change` has run, and taking
    // the switch lock after a row lock would deadlock with a concurrent PATCH of another provider.
    await lockDefaultSwitch(tx);
    const current = await run(tx, `select ${COLUMNS} from ${table(tx)} where id = ? for update`, [id]);
    if (current[0] === undefined) return undefined;
    const values = await change(toRecord(current[0]));
    if (values.isDefault) {
      await run(tx, `update ${table(tx)} set is_default = false where is_default and id <> ?`, [id]);
    }
    const rows = await run(
      tx,
      `update ${table(tx)} set name = ?, is_default = ?, supported_currencies = ?::jsonb, api_base_url = ?,
         sealed_credentials = ?, credential_hints = ?::jsonb, updated_at = now()
       where id = ? returning ${COLUMNS}`,
      [...valueParams(values), id],
    );
    return toRecord(single(rows));
  });
}

export async function deletePaymentProvider(em: EntityManager, id: string): Promise<PaymentProviderRecord | undefined> {
  const rows = await run(em, `delete from ${table(em)} where id = ? returning ${COLUMNS}`, [id]);
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

function valueParams(values: PaymentProviderValues): unknown[] {
  return [
    values.name,
    values.isDefault,
    JSON.stringify(values.supportedCurrencies),
    values.apiBaseUrl,
    values.sealedCredentials,
    JSON.stringify(values.credentialHints),
  ];
}

function single(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('payment_providers statement returned no row');
  return row;
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

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && constraint === PROVIDER_UNIQUE_INDEX;
}
