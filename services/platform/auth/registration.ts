import { randomBytes } from 'node:crypto';
import { SCOPES } from '../../../domain/auth/scopes';
import { sqlOf, type SqlTransaction } from '../../../infra/db/sql';
import { isUniqueViolation } from '../../../infra/db/postgres-errors';
import { Semaphore } from '../../../infra/concurrency/semaphore';
import type { Orm } from '../../../infra/db/orm';
import { provisionTenantSchema } from '../../../infra/db/tenant-schema';
import { newId } from '../../../infra/ids';
import { generateApiKeySecret } from '../api-keys';
import { hashPassword } from '../../../infra/crypto/password';
import { startSession, type TokenIssuer, type TokenPair } from './refresh-tokens';
import { nextFreeSlug, slugFromCompanyName } from './tenant-slug';
import { findTakenSlugs, insertTenant, type TenantProfile } from '../tenants';

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  companyName: string;
}

export interface Registration {
  tenant: TenantProfile;
  /** The "Default" key's value, every scope; shown this once, only its hash is stored. */
  apiKey: string;
  tokens: TokenPair;
}

export type RegistrationOutcome = { ok: true; registration: Registration } | { ok: false; error: 'email_taken' };

/** Test seams: a failure injected here must leave nothing behind. */
export interface RegistrationHooks {
  /** Runs inside the registration's transaction once the tenant's schema is provisioned. */
  afterProvision?: (tenantId: string) => Promise<void>;
}

export const DEFAULT_API_KEY_NAME = 'Default';

const EMAIL_UNIQUE_INDEX = 'tenants_email_lower_unique';

/**
 * Provisioning holds a pooled connection for the length of a schema's migrations (about a second). A burst of
 * registrations beyond this many waits here, in order, instead of taking the whole pool: the other requests of
 * the process keep their connections, and no registration gives up waiting for one.
 */
const CONCURRENT_PROVISIONING = 3;
const provisioning = new Semaphore(CONCURRENT_PROVISIONING);

/**
 * Registers a tenant in ONE transaction: its row, its schema (provisioning joins the transaction), a "Default" API
 * key with every scope and a first login (refresh token). If any step fails nothing remains, so the same e-mail can
 * register again.
 */
export async function registerTenant(
  options: TokenIssuer & { input: RegistrationInput; hooks?: RegistrationHooks },
): Promise<RegistrationOutcome> {
  const { orm, jwtSecret, input } = options;
  const passwordHash = await hashPassword(input.password);
  // Provisioning checks once per ORM, outside any transaction, that the database exists. Done here, before this
  // transaction holds a pooled connection, so parallel registrations cannot take the whole pool and wait on it.
  await orm.schema.ensureDatabase();
  try {
    const registration = await provisioning.run(() =>
      sqlOf(orm).transactional(async (transaction) => {
        const tenant = await insertWithFreeSlug({ orm, transaction, input, passwordHash });
        await provisionTenantSchema({ orm, tenantId: tenant.id, transaction });
        await options.hooks?.afterProvision?.(tenant.id);
        const apiKey = await insertDefaultApiKey({ orm, tenantId: tenant.id, transaction });
        const tokens = await startSession({ orm, jwtSecret, tenantId: tenant.id, transaction });
        return { tenant, apiKey, tokens };
      }),
    );
    return { ok: true, registration };
  } catch (error) {
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) return { ok: false, error: 'email_taken' };
    throw error;
  }
}

// A concurrent registration can take the slug found free; after this many numbered tries a random suffix is used.
const NUMBERED_SLUG_ATTEMPTS = 3;
const MAX_SLUG_ATTEMPTS = 6;

async function insertWithFreeSlug(options: {
  orm: Orm;
  transaction: SqlTransaction;
  input: RegistrationInput;
  passwordHash: string;
}): Promise<TenantProfile> {
  const { orm, transaction, input } = options;
  const base = slugFromCompanyName(input.companyName);
  for (let attempt = 1; attempt <= MAX_SLUG_ATTEMPTS; attempt++) {
    const slug =
      attempt <= NUMBERED_SLUG_ATTEMPTS
        ? nextFreeSlug(base, await findTakenSlugs(orm, { base, transaction }))
        : `${base}-${randomBytes(3).toString('hex')}`;
    const tenant = { name: input.name, companyName: input.companyName, slug, email: input.email };
    const inserted = await insertTenant(orm, {
      tenant: { ...tenant, passwordHash: options.passwordHash },
      transaction,
    });
    if (inserted !== undefined) return inserted;
  }
  throw new Error(`No free slug for ${JSON.stringify(base)} after ${MAX_SLUG_ATTEMPTS} attempts`);
}

async function insertDefaultApiKey(options: {
  orm: Orm;
  tenantId: string;
  transaction: SqlTransaction;
}): Promise<string> {
  const secret = generateApiKeySecret();
  await sqlOf(options.orm).query(
    'insert into central.api_keys (id, tenant_id, name, scopes, prefix, key_hash) values (?, ?, ?, ?::jsonb, ?, ?)',
    [newId('apiKey'), options.tenantId, DEFAULT_API_KEY_NAME, JSON.stringify(SCOPES), secret.prefix, secret.hash],
    options.transaction,
  );
  return secret.value;
}
