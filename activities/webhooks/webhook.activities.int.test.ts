import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import { recordOutboxEvent } from '../../services/platform/webhooks';
import { createTestOrm } from '../../test/harness/database';
import { memoryLogger } from '../../test/harness/http-server';
import { createTenantFixture } from '../../test/fixtures/tenant-fixture';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/fakes/webhook-receiver';
import { createWebhookActivities } from './webhook.activities';

/** The attempt activity called directly, on the real clock: what a backed-up task queue would make of it. */
describe('postWebhook on the real clock', () => {
  let orm: Orm;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    orm = await createTestOrm();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await orm.close();
  });

  test('an attempt that starts 10 minutes after it was due is signed and recorded at its start, and verifies', async () => {
    const tenant = await createTenantFixture(orm, loadConfig());
    const connection = orm.em.getConnection();
    await connection.execute('update central.tenants set webhook_url = ? where id = ?', [
      receiver.url,
      tenant.tenantId,
    ]);
    const sql = tenantSql(orm, tenant.tenantId);
    const eventId = await sql.transactional((transaction) =>
      recordOutboxEvent(sql, transaction, {
        type: 'invoice.voided',
        data: { id: 'inv_x' },
        occurredAt: new Date(),
        testClockId: null,
      }),
    );
    const [secret] = await connection.execute<{ webhook_signing_secret: string }[]>(
      'select webhook_signing_secret from central.tenants where id = ?',
      [tenant.tenantId],
    );
    const activities = createWebhookActivities({
      orm,
      logger: memoryLogger().logger,
      config: { webhookAllowPrivateTargets: true },
    });
    const due = new Date(Date.now() - 10 * 60_000).toISOString();
    const before = Date.now();

    const result = await activities.postWebhook({
      tenantId: tenant.tenantId,
      eventId,
      series: 1,
      number: 1,
      attemptedAt: due,
    });

    expect(result.ok).toBe(true);
    expect(Date.parse(result.sentAt)).toBeGreaterThanOrEqual(before);
    const [request] = receiver.received;
    if (request === undefined || secret === undefined) throw new Error('nothing received');
    expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(Date.parse(result.sentAt) / 1000));
    // The receiver's library checks the timestamp against its own clock (5 min tolerance): the due time would fail.
    expect(new Webhook(secret.webhook_signing_secret).verify(request.body, request.headers)).toMatchObject({
      id: eventId,
    });
    const [attempt] = await sql.query<{ attempted_at: Date }>(
      `select attempted_at from ${sql.table('webhook_attempts')} where event_id = ?`,
      [eventId],
    );
    expect(new Date(attempt?.attempted_at ?? 0).toISOString()).toBe(result.sentAt);
  });
});
