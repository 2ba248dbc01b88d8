import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createTestOrm } from '../../../test/harness/database';
import {
  findWebhookDelivery,
  insertDeliveredWebhookAttempt,
  markWebhookDeliveryOutcome,
  type WebhookAttemptRow,
} from './delivery-store';
import { recordOutboxEvent } from './outbox/record-outbox-event';

interface EventRow {
  status: string;
  delivered_at: Date | null;
}

/** The delivery store's writes on a real tenant schema: what one attempt's activity leaves behind. */
describe('webhook delivery store', () => {
  let orm: Orm;

  beforeAll(async () => {
    orm = await createTestOrm();
  });
  afterAll(() => orm.close());

  /** An event of a new tenant whose row names series `series`. */
  async function eventOfSeries(series: number) {
    const tenant = await createTenantFixture(orm, loadConfig());
    await orm.em
      .getConnection()
      .execute('update central.tenants set webhook_url = ? where id = ?', [
        'https://example.com/hooks',
        tenant.tenantId,
      ]);
    const sql = tenantSql(orm, tenant.tenantId);
    const eventId = await sql.transactional(async (transaction) => {
      const id = await recordOutboxEvent(sql, transaction, {
        type: 'invoice.paid',
        data: { id: 'inv_x' },
        occurredAt: new Date('2026-11-28T06:00:00.000Z'),
        testClockId: null,
      });
      await sql.query(
        `update ${sql.table('webhook_events')} set delivery_series = ? where id = ?`,
        [series, id],
        transaction,
      );
      return id;
    });
    const row = async (): Promise<EventRow | undefined> => {
      const found = await sql.one<{ status: string; delivered_at: Date | string | null }>(
        `select status, delivered_at from ${sql.table('webhook_events')} where id = ?`,
        [eventId],
      );
      if (found === undefined) return undefined;
      return { status: found.status, delivered_at: found.delivered_at === null ? null : new Date(found.delivered_at) };
    };
    const attempts = () =>
      sql.query<{ series: number; number: number; status_code: number | null }>(
        `select series, number, status_code from ${sql.table('webhook_attempts')} where event_id = ? order by number`,
        [eventId],
      );
    return { tenantId: tenant.tenantId, eventId, row, attempts };
  }

  const attempt = (target: { tenantId: string; eventId: string }, fields: Partial<WebhookAttemptRow> = {}) => ({
    tenantId: target.tenantId,
    eventId: target.eventId,
    series: 1,
    number: 1,
    attemptedAt: new Date('2026-11-28T06:00:01.000Z'),
    statusCode: 204,
    durationMs: 15,
    error: null,
    responseExcerpt: null,
    ...fields,
  });

  test('reads the event with its tenant target and secrets in one go; undefined once the event is gone', async () => {
    const event = await eventOfSeries(1);

    const delivery = await findWebhookDelivery(orm, event);

    expect(delivery).toMatchObject({
      event: { id: event.eventId, type: 'invoice.paid', data: { id: 'inv_x' }, testClockId: null },
      webhookUrl: 'https://example.com/hooks',
      secrets: { previous: null, rotatedAt: null },
    });
    expect(delivery?.secrets.current).toMatch(/^whsec_/);
    expect(await findWebhookDelivery(orm, { tenantId: event.tenantId, eventId: 'whe_missing' })).toBeUndefined();
  });

  test('an acknowledged attempt and DELIVERED are written together, once', async () => {
    const event = await eventOfSeries(1);

    expect(await insertDeliveredWebhookAttempt(orm, attempt(event))).toBe(true);
    expect(await insertDeliveredWebhookAttempt(orm, attempt(event, { statusCode: 200 }))).toBe(false);

    expect(await event.attempts()).toEqual([{ series: 1, number: 1, status_code: 204 }]);
    expect(await event.row()).toEqual({ status: 'DELIVERED', delivered_at: new Date('2026-11-28T06:00:01.000Z') });
  });

  test('a series a redelivery has replaced records its attempt but leaves the row to the new series', async () => {
    const event = await eventOfSeries(2);

    expect(await insertDeliveredWebhookAttempt(orm, attempt(event, { series: 1 }))).toBe(true);

    expect(await event.attempts()).toEqual([{ series: 1, number: 1, status_code: 204 }]);
    expect(await event.row()).toEqual({ status: 'PENDING', delivered_at: null });
  });

  test('when the attempt cannot be written, neither is DELIVERED', async () => {
    const event = await eventOfSeries(1);

    // A status the integer column refuses: the insert fails, and the update of the same statement with it.
    await expect(insertDeliveredWebhookAttempt(orm, attempt(event, { statusCode: 2 ** 31 }))).rejects.toThrow();

    expect(await event.attempts()).toEqual([]);
    expect(await event.row()).toEqual({ status: 'PENDING', delivered_at: null });
  });

  test('FAILED does not replace a DELIVERED series (an attempt whose completion was lost after its commit)', async () => {
    const event = await eventOfSeries(1);
    await insertDeliveredWebhookAttempt(orm, attempt(event));

    const failed = { tenantId: event.tenantId, eventId: event.eventId, series: 1, status: 'FAILED' as const };
    expect(await markWebhookDeliveryOutcome(orm, { ...failed, at: new Date('2026-11-29T06:00:00.000Z') })).toBe(false);

    expect((await event.row())?.status).toBe('DELIVERED');
  });
});
