import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

/**
 * Proves the folder dependency rule of STYLE.md is enforced by eslint.config.mjs itself: probe sources are linted
 * as if they sat in each folder. Type-aware rules are switched off for the probes (the files do not exist on disk);
 * the import rules under test do not need types.
 */
const eslint = new ESLint({
  cwd: __dirname,
  overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
});

async function restrictionsIn(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const probe = 1;\n`, { filePath: join(__dirname, file) });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal === true);
  if (fatal !== undefined) throw new Error(fatal.message);
  return messages
    .filter((message) => /^(no-restricted|architecture\/)/.test(message.ruleId ?? ''))
    .map((message) => message.ruleId ?? '');
}

describe('folder dependency rule', () => {
  it.each([
    ['domain/probe.ts', "import { readFileSync } from 'node:fs';"],
    ['domain/probe.ts', "import { Client } from '@temporalio/client';"],
    ['domain/probe.ts', "import { MikroORM } from '@mikro-orm/core';"],
    ['domain/probe.ts', "import { loadConfig } from '../infra/config';"],
    ['domain/probe.ts', "import { createApp } from '../api/app';"],
    ['domain/probe.ts', 'export const now = () => new Date();'],
    ['domain/probe.ts', 'export const now = () => Date.now();'],
    ['domain/probe.ts', 'export const pick = () => Math.random();'],
    [
      'workflows/probe.ts',
      "import { createDiagnosticsActivities } from '../activities/diagnostics/diagnostics.activities';",
    ],
    ['workflows/probe.ts', "import { loadConfig } from '../infra/config';"],
    ['workflows/probe.ts', "import { request } from 'undici';"],
    ['workflows/probe.ts', "import { Connection } from '@temporalio/client';"],
    ['activities/probe.ts', "import { createApp } from '../api/app';"],
    ['activities/probe.ts', "import { clockCheckWorkflow } from '../workflows/diagnostics/clock-check.workflow';"],
    ['api/probe.ts', "import { createActivities } from '../activities';"],
    ['infra/probe.ts', "import { createApp } from '../api/app';"],
    [
      'infra/temporal/probe.ts',
      "import { CUSTOM_SEARCH_ATTRIBUTES } from '../../workflows/shared/search-attribute-keys';",
    ],
    ['worker/probe.ts', 'export const url = process.env.DATABASE_URL;'],
    ['worker/probe.ts', "import { createApp } from '../api/app';"],
    ['infra/db/probe.ts', "import { findCustomer } from '../../services/catalog/customers';"],
    ['services/catalog/customers/probe.ts', "import { createApp } from '../../../api/app';"],
    ['services/catalog/customers/probe.ts', "import type { AppDeps } from '../../../api/app-deps';"],
    ['services/catalog/customers/probe.ts', "import { createActivities } from '../../../activities';"],
    ['services/catalog/customers/probe.ts', "import Koa from 'koa';"],
    ['services/catalog/customers/probe.ts', "import { request } from 'undici';"],
    ['activities/probe.ts', "import { request } from 'node:https';"],
    ['services/billing/invoices/probe.ts', "import { findPlan } from '../../catalog/plans/plans';"],
    ['services/platform/webhooks/outbox/probe.ts', "import { findApiKey } from '../../api-keys/api-key-records';"],
    ['api/routes/probe.ts', "import { findPlan } from '../../services/catalog/plans/plans';"],
    // The areas come in order: an earlier area never imports a later one.
    ['services/billing/invoices/probe.ts', "import { findPayment } from '../../payments/records';"],
    ['services/catalog/customers/probe.ts', "import { findInvoice } from '../../billing/invoices';"],
    ['services/platform/tenants/probe.ts', "import { findCustomer } from '../../catalog/customers';"],
    ['api/probe.ts', "import { cancelSubscriptionUpdate } from '../workflows/subscriptions/messages';"],
    ['api/probe.ts', "import { subscriptionWorkflow } from '../workflows/subscriptions/subscription.workflow';"],
    ['activities/probe.ts', "import { createApp } from '../api/app';"],
    ['activities/probe.ts', "import { stepOf } from '../workflows/subscriptions/subscription-steps';"],
    [
      'services/billing/subscriptions/probe.ts',
      "import { openPeriod } from '../../../workflows/subscriptions/subscription-steps';",
    ],
    ['workflows/probe.ts', "import { findPlan } from '../services/catalog/plans';"],
    ['workflows/subscriptions/probe.ts', "import { createSubscriptionActivities } from '../../activities';"],
    ['infra/probe.ts', "import { subscriptionWorkflowId } from '../workflows/shared/workflow-ids';"],
    // A module is reached through its index.ts from tests and test support too.
    ['api/routes/plans/probe.test.ts', "import { findPlan } from '../../../services/catalog/plans/plans';"],
    ['services/billing/invoices/probe.test.ts', "import { findPlan } from '../../catalog/plans/plans';"],
    ['test/fixtures/probe.ts', "import { findPlan } from '../../services/catalog/plans/plans';"],
    ['bench/probe.ts', "import { findPlan } from '../services/catalog/plans/plans';"],
  ])('refuses in %s: %s', async (file, source) => {
    expect(await restrictionsIn(file, source)).not.toEqual([]);
  });

  it.each([
    ['domain/probe.ts', "import { DateTime } from 'luxon';"],
    ['domain/probe.ts', "import { parseCurrencyCode } from './money';"],
    ['domain/probe.ts', 'export const at = (now: Date) => new Date(now.getTime());'],
    ['workflows/probe.ts', "import type { Activities } from '../activities';"],
    ['workflows/probe.ts', "import { proxyActivities } from '@temporalio/workflow';"],
    ['workflows/probe.ts', "import { addMoney } from '../domain/money';"],
    ['activities/probe.ts', "import type { ClockCheckInput } from '../workflows/diagnostics/messages';"],
    ['api/probe.ts', "import { loadConfig } from '../infra/config';"],
    ['infra/config.ts', 'export const url = process.env.DATABASE_URL;'],
    ['cli/probe.ts', "import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/shared/search-attribute-keys';"],
    ['workflows/probe.ts', "import { subscriptionWorkflowId } from './shared/workflow-ids';"],
    ['api/routes/probe.ts', "import { findPlan } from '../../services/catalog/plans';"],
    ['services/billing/invoices/probe.ts', "import { findPlan } from '../../catalog/plans';"],
    ['services/payments/refunds/probe.ts', "import { findInvoice } from '../../billing/invoices';"],
    ['services/billing/invoices/probe.ts', "import { findSubscription } from '../subscriptions';"],
    ['services/billing/invoices/probe.ts', "import { invoiceView } from './invoice-view';"],
    ['services/platform/webhooks/outbox/probe.ts', "import { relayOutbox } from '../outbox-relay';"],
    [
      'services/billing/subscriptions/probe.ts',
      "import { cancelSubscriptionUpdate } from '../../../workflows/subscriptions/messages';",
    ],
    [
      'services/platform/webhooks/probe.ts',
      "import { webhookDeliveryWorkflowId } from '../../../workflows/shared/workflow-ids';",
    ],
    ['activities/probe.ts', "import { findPlan } from '../services/catalog/plans';"],
    ['activities/probe.ts', "import { toIssued } from '../workflows/subscriptions/wire';"],
    ['worker/probe.ts', "import { createActivities } from '../activities';"],
    ['cli/probe.ts', "import { migrateAll } from '../infra/db/migrate-all';"],
    ['infra/probe.ts', "import { parseCurrencyCode } from '../domain/money';"],
    ['services/catalog/plans/probe.test.ts', "import { findPlan } from './plans';"],
    ['test/fixtures/probe.ts', "import { findPlan } from '../../services/catalog/plans';"],
  ])('allows in %s: %s', async (file, source) => {
    expect(await restrictionsIn(file, source)).toEqual([]);
  });
});

describe('business time comes from the clock', () => {
  it.each([
    ['services/probe.ts', 'export const stamp = () => new Date();'],
    ['services/billing/invoices/probe.ts', 'export const stamp = () => Date.now();'],
    ['activities/probe.ts', 'export const stamp = () => new Date().toISOString();'],
    ['api/routes/probe.ts', 'export const stamp = () => Date.now();'],
  ])('refuses a wall-clock read in %s: %s', async (file, source) => {
    expect(await restrictionsIn(file, source)).toEqual(['no-restricted-syntax']);
  });

  it.each([
    ['services/probe.ts', 'export const stamp = (clock: { now(): Date }) => clock.now();'],
    ['services/probe.ts', 'export const parse = (text: string) => new Date(text);'],
    ['api/probe.ts', 'export const at = (ms: number) => new Date(ms);'],
    ['services/probe.test.ts', 'export const stamp = () => new Date();'],
    ['infra/probe.ts', 'export const systemNow = () => new Date();'],
    ['workflows/probe.ts', 'export const workflowNow = () => Date.now();'],
  ])('allows in %s: %s', async (file, source) => {
    expect(await restrictionsIn(file, source)).toEqual([]);
  });
});
