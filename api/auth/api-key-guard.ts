import type { RouterMiddleware } from '@koa/router';
import { requireId } from '../../domain/ids';
import type { Orm } from '../../infra/db/orm';
import { sqlOf } from '../../infra/db/sql';
import { hashApiKey, looksLikeApiKey } from '../../services/api-keys';
import { AppError } from '../../services/errors';
import { bearerToken, invalidCredentials } from './bearer-token';
import { wallClock } from '../../infra/wall-clock';

interface KeyRow {
  id: string;
  tenant_id: string;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  tenant_active: boolean;
}

// Raw queries return timestamps as text; the guard compares them as instants.
const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

// lastUsedAt is a hint, not an audit log: writing it at most once a minute spares a write on every request.
const LAST_USED_RESOLUTION_MS = 60_000;

/** Data routes: an unrevoked, unexpired API key of an active tenant. A JWT here is refused by name (SPEC §5.1). */
export function apiKeyGuard(deps: { orm: Orm }): RouterMiddleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (!looksLikeApiKey(token)) {
      throw invalidCredentials('This route requires an API key (sk_live_...); JWT access tokens are for /tenants');
    }
    const key = await findKey(deps.orm, hashApiKey(token));
    // A key expires in real time, whatever clock bills.
    const now = wallClock.now();
    if (key === undefined || !isUsable(key, now)) throw invalidCredentials();
    ctx.state.auth = {
      kind: 'apiKey',
      tenantId: requireId('tenant', key.tenant_id),
      apiKeyId: key.id,
      scopes: key.scopes,
    };
    if (key.last_used_at === null || now.getTime() - key.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
      await sqlOf(deps.orm).query('update central.api_keys set last_used_at = ? where id = ?', [now, key.id]);
    }
    await next();
  };
}

/** 403 naming the scope when the key lacks it (SPEC §7); runs after authentication and rate limiting. */
export function scopeGuard(scope: string): RouterMiddleware {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (auth?.kind !== 'apiKey' || !auth.scopes.includes(scope)) {
      throw new AppError('forbidden', 'missing_scope', `Missing scope: ${scope}`);
    }
    await next();
  };
}

function isUsable(key: KeyRow, now: Date): boolean {
  const expired = key.expires_at !== null && key.expires_at.getTime() <= now.getTime();
  return key.tenant_active && key.revoked_at === null && !expired;
}

async function findKey(orm: Orm, keyHash: string): Promise<KeyRow | undefined> {
  const row = await sqlOf(orm).one<KeyRow>(
    `select k.id, k.tenant_id, k.scopes, k.expires_at, k.revoked_at, k.last_used_at, t.is_active as tenant_active
       from central.api_keys k join central.tenants t on t.id = k.tenant_id
      where k.key_hash = ?`,
    [keyHash],
  );
  if (row === undefined) return undefined;
  return {
    ...row,
    expires_at: toDate(row.expires_at),
    revoked_at: toDate(row.revoked_at),
    last_used_at: toDate(row.last_used_at),
  };
}
