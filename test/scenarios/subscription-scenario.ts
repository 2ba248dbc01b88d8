import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createActivities, type Activities } from '../../activities';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import { newId } from '../../infra/ids';
import { createLogger } from '../../infra/logger';
import { createPlan } from '../../services/catalog/plans';
import { toCurrencyCode } from '../../domain/money';
import { loadConfig } from '../../infra/config';
import { createTestOrm } from '../harness/database';
import {
  createTestWorker,
  createTimeSkippingTestEnv,
  sharedWorkflowBundle,
  uniqueTaskQueue,
} from '../harness/temporal-env';
import { createTenantFixture } from '../fixtures/tenant-fixture';
import { insertCustomerRow } from '../fixtures/customer-rows';
import { tenantSchemaSql } from '../harness/tenant-schema-sql';
import { subscriptionWorkflowId } from '../../workflows/shared/workflow-ids';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../../workflows/shared/search-attribute-keys';
import type { PlanTerms } from '../../workflows/subscriptions/messages';
import type { subscriptionWorkflow } from '../../workflows/subscriptions/subscription.workflow';

/**
 * Test support for the subscription workflow on the time-skipping server with the real activities on the test
 * database: rows made with SQL and the catalog's own functions, dates relative to the server's clock.
 */

export const DAY_MS = 86_400_000;

export interface PlanSpec {
  name: string;
  amountMinor: bigint;
  interval?: 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
  timing?: 'IN_ADVANCE' | 'IN_ARREARS';
  /** Generated invoices stay DRAFT this many days (the plan's `invoiceGracePeriodDays`). */
  gracePeriodDays?: number;
}

export interface SubscriptionSpec {
  customerId: string;
  planId: string;
  status: 'ACTIVE' | 'TRIALING';
  /** ACTIVE: the period; TRIALING: the trial (the first paid period starts at its end). */
  periodStart: Date;
  periodEnd: Date;
}

export interface InvoiceRow {
  id: string;
  number: string | null;
  status: string;
  total_minor: string;
  amount_credited_minor: string;
  created_at: Date;
  lines: {
    type: string;
    description: string;
    amount_minor: string;
    period_start: Date | null;
    period_end: Date | null;
  }[];
}

const INSTANT_COLUMN = /(_at|_start|_end|_date|_anchor)$/;

/** Timestamps as ISO strings, whatever the driver returned (raw queries give Postgres text). */
function withIsoInstants<T extends object>(row: T): T {
  const entries = Object.entries(row).map(([key, value]: [string, unknown]) => [
    key,
    INSTANT_COLUMN.test(key) && (typeof value === 'string' || value instanceof Date)
      ? new Date(value).toISOString()
      : value,
  ]);
  return Object.fromEntries(entries) as T;
}

export function createScenario(options: { orm: Orm; tenantId: string; env: TestWorkflowEnvironment }) {
  const { orm, tenantId, env } = options;
  const tenant = tenantSql(orm, tenantId);
  const sql = tenantSchemaSql(() => ({ orm, tenantId }));
  const logger = createLogger({ level: 'silent', name: 'subscription-scenario' });
  const started: string[] = [];

  return {
    sql,
    realActivities: (): Activities => createActivities({ orm, logger }),

    createCustomer: (timezone: string | null = 'UTC'): Promise<string> => insertCustomerRow(sql, { timezone }),

    async createPlan(spec: PlanSpec): Promise<string> {
      const created = await createPlan(tenant, {
        code: `plan-${newId('plan').slice(5).toLowerCase()}`,
        name: spec.name,
        description: null,
        billingInterval: spec.interval ?? 'MONTHLY',
        billingTiming: spec.timing ?? 'IN_ADVANCE',
        trialDays: 0,
        netPaymentTerms: null,
        invoiceGracePeriodDays: spec.gracePeriodDays ?? null,
        features: [],
        isActive: true,
        prices: [{ amount: spec.amountMinor, currency: toCurrencyCode('USD') }],
      });
      if (!created.ok) throw new Error(created.error);
      return created.value.id;
    },

    async setTenantSettings(settings: Record<string, unknown>): Promise<void> {
      await sql('update central.tenants set settings = ?::jsonb where id = ?', [JSON.stringify(settings), tenantId]);
    },

    /** The row as POST /subscriptions writes it (engineer 4's API); the workflow takes it from there. */
    async insertSubscription(spec: SubscriptionSpec): Promise<string> {
      const id = newId('subscription');
      const trial = spec.status === 'TRIALING';
      await sql(
        `insert into $schema.subscriptions (id, customer_id, plan_id, currency, status, start_date, billing_anchor,
           trial_start, trial_end, current_period_start, current_period_end)
         values (?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          spec.customerId,
          spec.planId,
          spec.status,
          spec.periodStart,
          trial ? spec.periodEnd : spec.periodStart,
          trial ? spec.periodStart : null,
          trial ? spec.periodEnd : null,
          spec.periodStart,
          spec.periodEnd,
        ],
      );
      return id;
    },

    async startWorkflow(options: { subscriptionId: string; customerId: string; taskQueue: string }) {
      started.push(subscriptionWorkflowId(tenantId, options.subscriptionId));
      return env.client.workflow.start<typeof subscriptionWorkflow>('subscriptionWorkflow', {
        taskQueue: options.taskQueue,
        workflowId: subscriptionWorkflowId(tenantId, options.subscriptionId),
        args: [{ tenantId, subscriptionId: options.subscriptionId }],
        typedSearchAttributes: [
          { key: TENANT_ID_SEARCH_ATTRIBUTE, value: tenantId },
          { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: options.customerId },
          { key: SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE, value: 'ACTIVE' },
        ],
      });
    },

    /**
     * Terminates the workflows still running: a leftover workflow whose timer fires with no worker polling stops the
     * test server from skipping time for every later test of the file. Call it in afterEach.
     */
    async terminateRunning(): Promise<void> {
      for (const workflowId of started.splice(0)) {
        const handle = env.client.workflow.getHandle(workflowId);
        const { status } = await handle.describe();
        if (status.name === 'RUNNING') await handle.terminate('test over');
      }
    },

    async subscription(id: string) {
      const [row] = await sql('select * from $schema.subscriptions where id = ?', [id]);
      if (row === undefined) throw new Error(`no subscription ${id}`);
      return withIsoInstants(row);
    },

    async invoices(subscriptionId: string): Promise<InvoiceRow[]> {
      const invoices = await sql<Omit<InvoiceRow, 'lines'>>(
        `select id, number, status, total_minor::text, amount_credited_minor::text, created_at from $schema.invoices
          where subscription_id = ? order by created_at, id`,
        [subscriptionId],
      );
      const result: InvoiceRow[] = [];
      for (const invoice of invoices) {
        const lines = await sql<InvoiceRow['lines'][number]>(
          `select type, description, amount_minor::text, period_start, period_end from $schema.invoice_lines
            where invoice_id = ? order by position`,
          [invoice.id],
        );
        result.push({ ...withIsoInstants(invoice), lines: lines.map(withIsoInstants) });
      }
      return result;
    },

    async creditNotes(subscriptionId: string) {
      return sql<{ invoice_id: string; status: string; reason: string; amount_minor: string }>(
        `select cn.invoice_id, cn.status, cn.reason, cn.amount_minor::text from $schema.credit_notes cn
           join $schema.invoices i on i.id = cn.invoice_id where i.subscription_id = ? order by cn.created_at, cn.id`,
        [subscriptionId],
      );
    },

    async events(subscriptionId: string): Promise<string[]> {
      const rows = await sql<{ event_type: string }>(
        `select event_type from $schema.webhook_events
          where data->>'id' = ? or data->>'subscriptionId' = ? order by occurred_at, created_at, id`,
        [subscriptionId, subscriptionId],
      );
      return rows.map((row) => row.event_type);
    },
  };
}

export type Scenario = ReturnType<typeof createScenario>;

/** Two years: longer than any scenario runs. */
const SCENARIO_PAYMENT_TERMS_DAYS = 730;

/** What a subscription workflow test file shares, filled in by the `beforeAll` that `useScenarioSuite` registers. */
export interface ScenarioSuite {
  env: TestWorkflowEnvironment;
  orm: Orm;
  tenantId: string;
  scenario: Scenario;
}

/**
 * The set-up of a subscription workflow test file: a Temporal environment (a time-skipping server of the file's own
 * unless told otherwise), the test database, one tenant (invoices due in two years) and its scenario; every workflow a test started is
 * terminated after it, and all is closed after the file.
 */
export function useScenarioSuite(
  createEnv: () => Promise<TestWorkflowEnvironment> = createTimeSkippingTestEnv,
): ScenarioSuite {
  const suite = {} as ScenarioSuite;
  beforeAll(async () => {
    const env = await createEnv();
    const orm = await createTestOrm();
    await sharedWorkflowBundle();
    const { tenantId } = await createTenantFixture(orm, loadConfig());
    const scenario = createScenario({ orm, tenantId, env });
    // Invoices fall due after every instant a scenario reaches, so a subscription's standing (past due once one is
    // overdue, reconciled whenever an invoice changes or it resumes) stays out of stories about billing. Stories
    // about dunning set their own terms.
    await scenario.setTenantSettings({ netPaymentTerms: SCENARIO_PAYMENT_TERMS_DAYS });
    Object.assign(suite, { env, orm, tenantId, scenario });
  });
  afterEach(() => suite.scenario.terminateRunning());
  afterAll(async () => {
    await suite.orm.close();
    await suite.env.teardown();
  });
  return suite;
}

export async function scenarioWorker(
  env: TestWorkflowEnvironment,
  activities: Activities,
): Promise<{ worker: Worker; taskQueue: string }> {
  const taskQueue = uniqueTaskQueue('subscription');
  return { worker: await createTestWorker({ env, taskQueue, activities }), taskQueue };
}

/**
 * An ACTIVE subscription (of a new customer, on a new plan) whose first period is the next 31-day UTC month, the
 * known answers' calendar; the server's clock is moved to its start.
 */
export async function activeFromNextLongMonth(
  suite: Pick<ScenarioSuite, 'env' | 'scenario'>,
  plan: { amountMinor: bigint; timing?: 'IN_ADVANCE' | 'IN_ARREARS'; name?: string },
) {
  const { env, scenario } = suite;
  const start = nextLongMonthStart(await env.currentTimeMs());
  const customerId = await scenario.createCustomer();
  const planId = await scenario.createPlan({ name: plan.name ?? 'Basic', ...plan });
  const end = addUtcMonths(start, 1);
  const subscriptionId = await scenario.insertSubscription({
    customerId,
    planId,
    status: 'ACTIVE',
    periodStart: start,
    periodEnd: end,
  });
  await sleepUntil(env, start);
  return { start, end, customerId, planId, subscriptionId };
}

/** The first instant at or after `fromMs` that starts a UTC month of 31 days (proration fixtures need 31 days). */
export function nextLongMonthStart(fromMs: number): Date {
  const from = new Date(fromMs);
  for (let offset = 1; ; offset += 1) {
    const start = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + offset, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    if ((end.getTime() - start.getTime()) / DAY_MS === 31) return start;
  }
}

export const addUtcMonths = (date: Date, months: number, day = date.getUTCDate()): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, day));

/** Moves the server's clock to `at` (never backwards). */
export async function sleepUntil(env: TestWorkflowEnvironment, at: Date): Promise<void> {
  const waitMs = at.getTime() - (await env.currentTimeMs());
  if (waitMs > 0) await env.sleep(waitMs);
}

/** Polls (real time) until `read` gives a value `done` accepts; activities run in real time after a skip. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Plan terms as the API hands them to a change-plan update (monthly). */
export const terms = (
  planId: string,
  name: string,
  amountMinor: string,
  timing: PlanTerms['billingTiming'] = 'IN_ADVANCE',
): PlanTerms => ({ planId, name, amountMinor, billingInterval: 'MONTHLY', billingTiming: timing });

/** The ApplicationFailure type a rejected update carried (undefined when it was accepted). */
export async function rejectionType(update: Promise<unknown>): Promise<string | undefined> {
  try {
    await update;
  } catch (error) {
    if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
      return error.cause.type ?? undefined;
    }
    throw error;
  }
  return undefined;
}
