import { settledWithin } from '../../../infra/concurrency/settled-within';
import type { Health, HealthCheckName } from './schema';

/** One dependency probe; `check` rejects when the dependency cannot serve requests. */
export interface HealthCheck {
  name: HealthCheckName;
  check: () => Promise<void>;
}

const CHECK_TIMEOUT_MS = 3000;

/** Runs every probe in parallel, each bounded by a timeout so a hung dependency reads as down, not as slow. */
export async function runHealthChecks(checks: readonly HealthCheck[]): Promise<Health> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => [name, (await succeedsInTime(check)) ? 'ok' : 'error'] as const),
  );
  const health: Health = { status: 'ok', checks: { database: 'error', temporal: 'error' } };
  for (const [name, result] of results) health.checks[name] = result;
  const failed = (Object.keys(health.checks) as HealthCheckName[]).filter((name) => health.checks[name] !== 'ok');
  if (failed.length === 0) return health;
  return {
    ...health,
    status: 'error',
    statusCode: 503,
    error: 'dependency_unavailable',
    message: `Unavailable: ${failed.join(', ')}`,
  };
}

async function succeedsInTime(check: () => Promise<void>): Promise<boolean> {
  // Started inside a promise chain, so a check that throws before returning reads as down too.
  const passed = Promise.resolve()
    .then(check)
    .then(() => true);
  return (await settledWithin(CHECK_TIMEOUT_MS, passed)) === true;
}
