import { noCanceledCheckoutNotice } from '../../services/payments/checkout';
import { defaultPayloadConverter } from '@temporalio/common';
import { simpleParser } from 'mailparser';
import { createActivities } from '../../activities';
import { requireId } from '../../domain/ids';
import { parseDecimal } from '../../domain/money';
import { tenantSql } from '../../infra/db/tenant-sql';
import { createLogger } from '../../infra/logger';
import { createPlatformMailer } from '../../infra/mail';
import {
  pastDueStandingListener,
  startPendingDunning,
  temporalDunningStarter,
  temporalPastDueSignaller,
} from '../../services/payments/collections';
import { createManualInvoice, finalizeInvoice } from '../../services/billing/invoices';
import { markInvoicePaid } from '../../services/payments/settlement';
import { listenForStandingChanges } from '../../services/billing/subscriptions';
import { createGateway } from '../../services/payments/gateways';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/fakes/smtp-server';
import {
  activeFromNextLongMonth,
  DAY_MS,
  scenarioWorker,
  sleepUntil,
  useScenarioSuite,
  waitFor,
} from '../../test/scenarios/subscription-scenario';
import { dunningWorkflowId } from '../shared/workflow-ids';

const HOUR_MS = 3_600_000;
const logger = createLogger({ level: 'silent', name: 'dunning-test' });

/**
 * The dunning ladder (CONTRACT §12) on the time-skipping server with the real activities, database and a real SMTP
 * server: the invoice's finalize records its dunning start, the starter starts the workflow, and the days pass.
 */
describe('dunningWorkflow (time-skipping, real activities, database and SMTP)', () => {
  const suite = useScenarioSuite();
  let smtp: TestSmtpServer;
  const dunningIds: string[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());
  afterEach(async () => {
    for (const workflowId of dunningIds.splice(0)) {
      const handle = suite.env.client.workflow.getHandle(workflowId);
      if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('test over');
    }
  });

  /** Real activities whose reminders go to the test SMTP server (the tenant has no SMTP settings: the platform's). */
  const activities = () =>
    createActivities({
      orm: suite.orm,
      logger,
      collections: {
        config: { encryptionKey: Buffer.alloc(32, 7), webhookAllowPrivateTargets: true, smtpAllowInsecureAuth: true },
        platformMailer: createPlatformMailer({
          smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
          from: 'no-reply@billing.test',
          allowInsecureAuth: true,
        }),
        platformMailPerDay: 100,
        createGateway,
      },
    });

  const setSettings = (dunning: Record<string, unknown>) =>
    suite.scenario.setTenantSettings({ netPaymentTerms: 3, dunning });

  /** Starts what finalize recorded, as the worker's starter does; returns the started invoice ids. */
  async function startDunning(taskQueue: string): Promise<string[]> {
    const start = temporalDunningStarter({ client: suite.env.client, taskQueue });
    const report = await startPendingDunning({ orm: suite.orm, start, logger, tenantId: suite.tenantId });
    dunningIds.push(...report.started.map((invoiceId) => dunningWorkflowId(suite.tenantId, invoiceId)));
    return report.started;
  }

  const invoiceStatus = async (invoiceId: string) =>
    (await suite.scenario.sql<{ status: string }>('select status from $schema.invoices where id = ?', [invoiceId]))[0]
      ?.status;
  const mailsTo = (address: string) => smtp.messages.filter((message) => message.to.includes(address));
  const customerEmail = (customerId: string) => `${customerId.toLowerCase()}@example.com`;

  /** A subscription billed in advance whose first invoice is OPEN, due 3 days after the period start. */
  async function subscriptionWithOpenInvoice(taskQueue: string) {
    const subscription = await activeFromNextLongMonth(suite, { amountMinor: 3000n });
    await suite.scenario.startWorkflow({ ...subscription, taskQueue });
    const [invoice] = await waitFor(
      () => suite.scenario.invoices(subscription.subscriptionId),
      (list) => list.length === 1,
    );
    if (invoice === undefined) throw new Error('no invoice');
    expect(invoice.status).toBe('OPEN');
    expect(await startDunning(taskQueue)).toEqual([invoice.id]);
    return { ...subscription, invoiceId: invoice.id, dueDate: new Date(subscription.start.getTime() + 3 * DAY_MS) };
  }

  /**
   * How the invoice's dunning ended, once it has: polled in real time and read from its history, since waiting for a
   * result on the time-skipping server lets it skip time on to the subscription's next renewal.
   */
  async function dunningOutcome(invoiceId: string): Promise<unknown> {
    const handle = suite.env.client.workflow.getHandle(dunningWorkflowId(suite.tenantId, invoiceId));
    await waitFor(
      async () => (await handle.describe()).status.name,
      (status) => status !== 'RUNNING',
    );
    const history = await handle.fetchHistory();
    const completed = history.events?.at(-1)?.workflowExecutionCompletedEventAttributes?.result?.payloads?.[0];
    return completed === undefined ? undefined : defaultPayloadConverter.fromPayload(completed);
  }

  /** A manual invoice of 120.00 for a new customer, finalized OPEN at `now` with `dueDate`. */
  async function finalizedManualInvoice(now: Date, dueDate: Date) {
    const customerId = await suite.scenario.createCustomer();
    const sql = tenantSql(suite.orm, suite.tenantId);
    const quantity = parseDecimal('1');
    if (!quantity.ok) throw new Error('decimal');
    const created = await createManualInvoice(sql, {
      customerId,
      items: [{ description: 'Consulting', quantity: quantity.value, unitAmount: 120 }],
      dueDate: { instant: dueDate },
      now,
    });
    if (!created.ok) throw new Error(created.error.code);
    expect((await finalizeInvoice(sql, created.value.id, now)).ok).toBe(true);
    return { created, customerId, sql };
  }

  /** The invoice becomes UNCOLLECTIBLE and its ladder ends with its last step. */
  async function expectWrittenOffAtLadderEnd(invoiceId: string): Promise<void> {
    expect(
      await waitFor(
        () => invoiceStatus(invoiceId),
        (status) => status === 'UNCOLLECTIBLE',
      ),
    ).toBe('UNCOLLECTIBLE');
    expect(await dunningOutcome(invoiceId)).toBe('ladder_complete');
  }

  const subscriptionStatus = (id: string, expected: string) =>
    waitFor(
      async () => (await suite.scenario.subscription(id)).status,
      (status) => status === expected,
    );

  test('the whole ladder: PAST_DUE at the due date, reminders on days 1 and 3, UNCOLLECTIBLE and canceled on day 5', async () => {
    await setSettings({ reminderDays: [3, 1], uncollectibleAfterDays: 5, cancelSubscription: true });
    const { worker, taskQueue } = await scenarioWorker(suite.env, activities());
    await worker.runUntil(async () => {
      const { subscriptionId, customerId, invoiceId, dueDate } = await subscriptionWithOpenInvoice(taskQueue);
      const to = customerEmail(customerId);
      await sleepUntil(suite.env, new Date(dueDate.getTime() - HOUR_MS));
      expect((await suite.scenario.subscription(subscriptionId)).status).toBe('ACTIVE');

      await sleepUntil(suite.env, new Date(dueDate.getTime() + HOUR_MS));
      expect(await subscriptionStatus(subscriptionId, 'PAST_DUE')).toBe('PAST_DUE');
      expect(mailsTo(to)).toHaveLength(0);

      await sleepUntil(suite.env, new Date(dueDate.getTime() + DAY_MS + HOUR_MS));
      expect(
        (
          await waitFor(
            () => Promise.resolve(mailsTo(to)),
            (mails) => mails.length === 1,
          )
        ).length,
      ).toBe(1);
      const reminder = await simpleParser(mailsTo(to)[0]!.raw);
      expect(reminder.subject).toMatch(
        /^Reminder: invoice INV-\d{4}-\d+ from Test Company is overdue \(30\.00 USD due\)$/,
      );
      expect(reminder.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf']);
      // No payment provider configured: the reminder goes without a link.
      expect(reminder.text).not.toContain('Pay online');

      await sleepUntil(suite.env, new Date(dueDate.getTime() + 2 * DAY_MS + HOUR_MS));
      expect(mailsTo(to)).toHaveLength(1);
      await sleepUntil(suite.env, new Date(dueDate.getTime() + 3 * DAY_MS + HOUR_MS));
      expect(
        (
          await waitFor(
            () => Promise.resolve(mailsTo(to)),
            (mails) => mails.length === 2,
          )
        ).length,
      ).toBe(2);
      expect(await invoiceStatus(invoiceId)).toBe('OPEN');

      await sleepUntil(suite.env, new Date(dueDate.getTime() + 5 * DAY_MS + HOUR_MS));
      expect(
        await waitFor(
          () => invoiceStatus(invoiceId),
          (status) => status === 'UNCOLLECTIBLE',
        ),
      ).toBe('UNCOLLECTIBLE');
      expect(await subscriptionStatus(subscriptionId, 'CANCELED')).toBe('CANCELED');
      // Canceled for non-payment: no credit note for the unpaid period.
      expect(await suite.scenario.creditNotes(subscriptionId)).toEqual([]);
      expect(await suite.scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.past_due',
        'subscription.canceled',
      ]);
      expect(await dunningOutcome(invoiceId)).toBe('ladder_complete');
      expect(mailsTo(to)).toHaveLength(2);
    });
  });

  test('payment in full returns the PAST_DUE subscription to ACTIVE and ends the dunning before any reminder', async () => {
    await setSettings({ reminderDays: [1], uncollectibleAfterDays: 30, cancelSubscription: false });
    const { worker, taskQueue } = await scenarioWorker(suite.env, activities());
    await worker.runUntil(async () => {
      const { subscriptionId, customerId, invoiceId, dueDate } = await subscriptionWithOpenInvoice(taskQueue);
      await sleepUntil(suite.env, new Date(dueDate.getTime() + HOUR_MS));
      expect(await subscriptionStatus(subscriptionId, 'PAST_DUE')).toBe('PAST_DUE');

      // POST /invoices/:id/mark-paid: the transition, under the listener the API runs every request with.
      const sql = tenantSql(suite.orm, suite.tenantId);
      const listener = pastDueStandingListener({
        orm: suite.orm,
        signalPastDue: temporalPastDueSignaller(suite.env.client),
        logger,
      });
      const paidAt = new Date(dueDate.getTime() + HOUR_MS);
      const paid = await listenForStandingChanges(listener, () =>
        markInvoicePaid(sql, requireId('invoice', invoiceId), paidAt, noCanceledCheckoutNotice),
      );
      expect(paid.ok).toBe(true);
      expect(await subscriptionStatus(subscriptionId, 'ACTIVE')).toBe('ACTIVE');

      await sleepUntil(suite.env, new Date(dueDate.getTime() + DAY_MS + HOUR_MS));
      expect(await dunningOutcome(invoiceId)).toBe('settled');
      expect(mailsTo(customerEmail(customerId))).toHaveLength(0);
      expect(await suite.scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.past_due',
        'invoice.paid',
      ]);
      expect((await suite.scenario.subscription(subscriptionId)).status).toBe('ACTIVE');
    });
  });

  test('a manual invoice without subscription gets its reminders and becomes UNCOLLECTIBLE, no subscription touched', async () => {
    await setSettings({ reminderDays: [2], uncollectibleAfterDays: 4, cancelSubscription: true });
    const { worker, taskQueue } = await scenarioWorker(suite.env, activities());
    await worker.runUntil(async () => {
      const now = new Date(await suite.env.currentTimeMs());
      const dueDate = new Date(now.getTime() + DAY_MS);
      const { created, customerId, sql } = await finalizedManualInvoice(now, dueDate);
      expect(await startDunning(taskQueue)).toEqual([created.value.id]);
      const to = customerEmail(customerId);
      await sleepUntil(suite.env, new Date(dueDate.getTime() + 2 * DAY_MS + HOUR_MS));
      const [mail] = await waitFor(
        () => Promise.resolve(mailsTo(to)),
        (mails) => mails.length === 1,
      );
      expect((await simpleParser(mail!.raw)).subject).toContain('(120.00 USD due)');

      await sleepUntil(suite.env, new Date(dueDate.getTime() + 4 * DAY_MS + HOUR_MS));
      await expectWrittenOffAtLadderEnd(created.value.id);
      expect(mailsTo(to)).toHaveLength(1);
      // UNCOLLECTIBLE keeps its amount due and may still be paid.
      expect(
        (
          await markInvoicePaid(
            sql,
            created.value.id,
            new Date(await suite.env.currentTimeMs()),
            noCanceledCheckoutNotice,
          )
        ).ok,
      ).toBe(true);
    });
  });

  test('a write-off day lowered while the ladder waits for a later step writes the invoice off at that step', async () => {
    await setSettings({ reminderDays: [1, 7], uncollectibleAfterDays: 30, cancelSubscription: false });
    const { worker, taskQueue } = await scenarioWorker(suite.env, activities());
    await worker.runUntil(async () => {
      const now = new Date(await suite.env.currentTimeMs());
      const dueDate = new Date(now.getTime() + DAY_MS);
      const { created } = await finalizedManualInvoice(now, dueDate);
      expect(await startDunning(taskQueue)).toEqual([created.value.id]);
      // Past day 7 the ladder waits for day 30; the tenant then writes off after 10 days, a day already behind it.
      await sleepUntil(suite.env, new Date(dueDate.getTime() + 8 * DAY_MS));
      await setSettings({ reminderDays: [1, 7], uncollectibleAfterDays: 10, cancelSubscription: false });
      await sleepUntil(suite.env, new Date(dueDate.getTime() + 30 * DAY_MS + HOUR_MS));
      await expectWrittenOffAtLadderEnd(created.value.id);
    });
  });

  test('a ladder that starts late sends the latest reminder due, not every one it missed', async () => {
    await setSettings({ reminderDays: [1, 3, 7], uncollectibleAfterDays: 30, cancelSubscription: false });
    const { worker, taskQueue } = await scenarioWorker(suite.env, activities());
    await worker.runUntil(async () => {
      const now = new Date(await suite.env.currentTimeMs());
      const { created, customerId } = await finalizedManualInvoice(now, new Date(now.getTime() - 10 * DAY_MS));
      expect(await startDunning(taskQueue)).toEqual([created.value.id]);
      const to = customerEmail(customerId);
      // The run has walked the missed days and waits for day 30: its history then holds every reminder it sent.
      const handle = suite.env.client.workflow.getHandle(dunningWorkflowId(suite.tenantId, created.value.id));
      const history = await waitFor(
        () => handle.fetchHistory(),
        (events) => (events.events ?? []).some((event) => event.timerStartedEventAttributes != null),
      );
      const reminders = (history.events ?? []).filter(
        (event) => event.activityTaskScheduledEventAttributes?.activityType?.name === 'sendDunningReminder',
      );
      expect(reminders).toHaveLength(1);
      expect(
        await waitFor(
          () => Promise.resolve(mailsTo(to)),
          (mails) => mails.length === 1,
        ),
      ).toHaveLength(1);
      expect(await invoiceStatus(created.value.id)).toBe('OPEN');
    });
  });
});
