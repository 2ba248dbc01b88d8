import { randomBytes } from 'node:crypto';
import type { Orm } from '../../infra/db/orm';
import { callApi } from './api-calls';
import { runNpmScript } from './child-processes';

export interface BenchTenant {
  id: string;
  apiKey: string;
  /** The login's token, for the tenant management routes. */
  accessToken: string;
}

/** A tenant registered through `POST /auth/register`, as a new customer of the platform signs up. */
export async function registerBenchTenant(origin: string, label: string): Promise<BenchTenant> {
  const registration = await callApi({
    origin,
    method: 'POST',
    route: '/api/auth/register',
    token: null,
    body: {
      name: 'Bench Owner',
      email: `bench-${label}-${process.pid}-${randomBytes(3).toString('hex')}@example.com`,
      password: 'correct horse battery staple',
      companyName: 'Bench Company',
    },
  });
  return {
    id: (registration.tenant as { id: string }).id,
    apiKey: String(registration.apiKey),
    accessToken: String(registration.accessToken),
  };
}

/**
 * `npm run tenant -- set-rate-limit` on `databaseUrl`, as an operator raises one tenant's limit: a bench lifts its own
 * tenant's out of the way and leaves the defaults as they are.
 */
export function setTenantRateLimit(input: { databaseUrl: string; tenantId: string; perMinute: number }) {
  return runNpmScript('tenant', ['set-rate-limit', input.tenantId, String(input.perMinute)], {
    DATABASE_URL: input.databaseUrl,
  });
}

/** Clears the tenant's dunning reminders: without an SMTP server each would fail and be retried in real time. */
export async function clearDunningReminders(orm: Orm, tenantId: string): Promise<void> {
  await orm.em
    .getConnection()
    .execute('update central.tenants set settings = ?::jsonb where id = ?', [
      JSON.stringify({ dunning: { reminderDays: [] } }),
      tenantId,
    ]);
}
