import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { RetryLaterError } from '../../platform/errors';

/** A mail counted against the tenant's day: `day` (UTC, YYYY-MM-DD) gives it back if it was not sent. */
export type PlatformMailReservation = { ok: true; day: string } | { ok: false; retryAfter: number };

// One statement: the tenant's count of the UTC day goes up by one unless it has reached the cap (no row then), its
// rows of earlier days go, and the seconds to the next UTC midnight come back for the refusal.
const RESERVE_SQL = `
  with clock as (select now() as now, (now() at time zone 'UTC')::date as day),
  old as (delete from central.platform_mail_counts p using clock where p.tenant_id = ? and p.day < clock.day),
  hit as (
    insert into central.platform_mail_counts as c (tenant_id, day, sent)
    select ?, clock.day, 1 from clock where ?::int > 0
    on conflict (tenant_id, day) do update set sent = c.sent + 1 where c.sent < ?::int
    returning c.sent
  )
  select to_char(clock.day, 'YYYY-MM-DD') as day, (select count(*) from hit)::int as counted,
    greatest(1, ceil(extract(epoch from ((clock.day + 1)::timestamp at time zone 'UTC') - clock.now)))::int
      as retry_after
  from clock`;

/**
 * Counts one invoice e-mail of `tenantId` through the platform's mail server on the current UTC day (the database's
 * clock, so every process agrees), atomically: refused once `perDay` are counted, with the seconds until the next
 * UTC day.
 */
export async function reservePlatformMail(
  orm: Orm,
  input: { tenantId: string; perDay: number },
): Promise<PlatformMailReservation> {
  const { tenantId, perDay } = input;
  const row = await sqlOf(orm).oneOrFail<{ day: string; counted: number; retry_after: number }>(RESERVE_SQL, [
    tenantId,
    tenantId,
    perDay,
    perDay,
  ]);
  return row.counted > 0 ? { ok: true, day: row.day } : { ok: false, retryAfter: row.retry_after };
}

/** Gives back a reserved mail the server did not take, so a failed send does not spend the day's cap. */
export async function releasePlatformMail(orm: Orm, input: { tenantId: string; day: string }): Promise<void> {
  await sqlOf(orm).query(
    'update central.platform_mail_counts set sent = sent - 1 where tenant_id = ? and day = ?::date and sent > 0',
    [input.tenantId, input.day],
  );
}

/** The day's cap of invoice e-mail through the platform's server is spent (429 with `retryAfter`). */
export const platformMailLimitReached = (perDay: number, retryAfter: number): RetryLaterError =>
  new RetryLaterError(
    'platform_mail_limit_reached',
    `The platform's mail server sends at most ${perDay} invoice e-mails per tenant per day (UTC); retry in ` +
      `${retryAfter} seconds, or configure the tenant's own SMTP settings, which are not capped`,
    retryAfter,
  );
