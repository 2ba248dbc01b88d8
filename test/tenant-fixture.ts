import { randomBytes } from 'node:crypto';
import { SCOPES } from '../domain/auth/scopes';
import type { TenantId } from '../domain/ids';
import { generateApiKeySecret } from '../services/platform/api-keys';
import { hashPassword } from '../infra/crypto/password';
import { signToken } from '../services/platform/auth';
import type { Config } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import { provisionTenantSchema } from '../infra/db/tenant-schema';
import { newId } from '../infra/ids';

export interface TenantFixture {
  tenantId: TenantId;
  slug: string;
  email: string;
  password: string;
  /** A JWT access token for /tenants routes. */
  accessToken: string;
  /** An API key value with the given scopes (every scope by default). */
  apiKey: string;
  apiKeyId: string;
}

/**
 * A tenant made directly in the database (row, schema, one API key, an access token), for tests of features
 * other than registration itself. Registration tests go through POST /auth/register.
 */
export async function createTenantFixture(
  orm: Orm,
  config: Pick<Config, 'jwtSecret'>,
  options: { scopes?: readonly string[] } = {},
): Promise<TenantFixture> {
  const tenantId = newId('tenant');
  const slug = `tenant-${tenantId.slice('ten_'.length).toLowerCase()}`;
  const email = `owner-${tenantId.toLowerCase()}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const connection = orm.em.getConnection();
  await connection.execute(
    `insert into central.tenants (id, name, company_name, slug, email, password_hash, webhook_signing_secret)
     values (?, ?, ?, ?, ?, ?, ?)`,
    [
      tenantId,
      'Test Owner',
      'Test Company',
      slug,
      email,
      await hashPassword(password),
      `whsec_${randomBytes(24).toString('base64')}`,
    ],
    'run',
  );
  await provisionTenantSchema({ orm, tenantId });
  const secret = generateApiKeySecret();
  const apiKeyId = newId('apiKey');
  await connection.execute(
    'insert into central.api_keys (id, tenant_id, name, scopes, prefix, key_hash) values (?, ?, ?, ?::jsonb, ?, ?)',
    [apiKeyId, tenantId, 'Fixture', JSON.stringify(options.scopes ?? SCOPES), secret.prefix, secret.hash],
    'run',
  );
  const accessToken = signToken(config.jwtSecret, { typ: 'access', tenantId, jti: newId('apiKey') });
  return { tenantId, slug, email, password, accessToken, apiKey: secret.value, apiKeyId };
}
