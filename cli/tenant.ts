// First: source maps for our own modules only (the file says why).
import '../infra/process/own-source-maps';
import { loadConfig } from '../infra/config';
import { ConfigError } from '../infra/config-error';
import { createOrm } from '../infra/db/orm';
import { createLogger } from '../infra/logger';
import { MAX_TENANT_RATE_LIMIT, setTenantRateLimit } from '../services/platform/rate-limits';

const USAGE = `Usage: npm run tenant -- set-rate-limit <tenantId> <requests-per-minute | default>

  set-rate-limit <tenantId> <n>        the tenant's own limit: n requests per minute (1..${MAX_TENANT_RATE_LIMIT})
  set-rate-limit <tenantId> default    clears it: the tenant uses RATE_LIMIT_PER_MINUTE again`;

/** A mistake in the command line or an unknown tenant: printed as is, exit code 1. */
class CommandError extends Error {}

type Command = { name: 'set-rate-limit'; tenantId: string; limit: number | null };

function parseCommand(args: readonly string[]): Command {
  const [name, tenantId, value, ...extra] = args;
  if (name !== 'set-rate-limit') {
    throw new CommandError(name === undefined ? USAGE : `Unknown command "${name}"\n\n${USAGE}`);
  }
  if (tenantId === undefined || value === undefined || extra.length > 0) {
    throw new CommandError(`set-rate-limit takes a tenant id and a limit\n\n${USAGE}`);
  }
  if (value === 'default') return { name, tenantId, limit: null };
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_TENANT_RATE_LIMIT) {
    throw new CommandError(
      `The limit must be a whole number of requests per minute from 1 to ${MAX_TENANT_RATE_LIMIT}, or "default"; got "${value}"`,
    );
  }
  return { name, tenantId, limit };
}

/** `npm run tenant -- set-rate-limit <tenantId> <n|default>`: operator commands on one tenant (CONTRACT §6). */
async function main(args: readonly string[]): Promise<void> {
  const command = parseCommand(args);
  const config = loadConfig();
  const orm = await createOrm(config, {
    poolMax: 1,
    logger: createLogger({ level: config.logLevel, name: 'tenant' }),
  });
  try {
    const change = await setTenantRateLimit(orm, { tenantId: command.tenantId, limit: command.limit });
    if (change === undefined) throw new CommandError(`Unknown tenant "${command.tenantId}": nothing changed`);
    const describe = (limit: number | null) =>
      limit === null
        ? `the default (RATE_LIMIT_PER_MINUTE = ${config.rateLimit.perMinute})`
        : `${limit} requests per minute`;
    process.stdout.write(
      `Tenant ${change.tenantId} (${change.companyName}): rate limit set to ${describe(change.current)}, ` +
        `was ${describe(change.previous)}\n`,
    );
  } finally {
    await orm.close();
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof CommandError || error instanceof ConfigError) return error.message;
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

// Exit explicitly, like migrate: a connection left open by a failure must not keep the shell waiting.
main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`tenant: ${describeFailure(error)}\n`);
    process.exit(1);
  },
);
