import { defaultPayloadConverter } from '@temporalio/common';
import { tenantSql } from '../../infra/db/tenant-sql';
import { createManualInvoice, finalizeInvoice, type InvoiceRecord } from '../../services/billing/invoices';
import {
  createWallet,
  type NewWallet,
  sendWalletWake,
  temporalWalletWaker,
  terminateWallet,
  updateWallet,
} from '../../services/billing/wallets';
import { walletStateQuery, type WalletWorkflowView } from '../../workflows/wallets/messages';
import { walletWorkflowId } from '../../workflows/shared/workflow-ids';
import type { ScenarioSuite } from './subscription-scenario';
import { waitFor } from './subscription-scenario';

/** 10.00000 credits, in the stored unit (10^-5 credit). */
export const TEN_CREDITS = 1_000_000n;

/**
 * Test support for the wallet workflow on the time-skipping server with the real services and activities: wallets
 * made, changed and deleted through the wallet services (as the API does), each change's wake sent as the API sends
 * it after commit, and what the database then holds.
 */
const QUERY_DEADLINE_MS = 2_000;

export function createWalletScenario(suite: ScenarioSuite) {
  const sql = () => tenantSql(suite.orm, suite.tenantId);
  const started = new Set<string>();
  const now = async () => new Date(await suite.env.currentTimeMs());
  const handleOf = (walletId: string) =>
    suite.env.client.workflow.getHandle(walletWorkflowId(suite.tenantId, walletId));

  const scenario = {
    /** Sends the wake the last change owed, as the API does right after its commit. */
    async wake(taskQueue: string, walletId: string, options: { historyEventLimit?: number } = {}) {
      started.add(walletId);
      const wake = temporalWalletWaker({ client: suite.env.client, taskQueue }, options);
      return sendWalletWake({ sql: sql(), wake }, walletId);
    },

    /**
     * A wallet of ten granted credits for a new customer, expiring at `expirationAt`, `options` on top (top-up rules,
     * thresholds); its workflow not yet woken.
     */
    async createWallet(expirationAt: Date | null, options: Partial<NewWallet> = {}): Promise<string> {
      const customerId = await suite.scenario.createCustomer();
      const created = await createWallet(sql(), {
        customerId,
        name: null,
        rate: { unscaled: 1n, scale: 0 },
        grantedCredits: TEN_CREDITS,
        expirationAt,
        invoiceRequiresSuccessfulPayment: false,
        lowBalanceThresholdCredits: null,
        now: await now(),
        ...options,
      });
      return created.wallet.id;
    },

    /** A manual invoice of `amount` for the wallet's customer, finalized: it spends what it can of the wallet. */
    async spendFromWallet(walletId: string, amount: number): Promise<InvoiceRecord> {
      const [owner] = await suite.scenario.sql<{ customer_id: string }>(
        'select customer_id from $schema.wallets where id = ?',
        [walletId],
      );
      if (owner === undefined) throw new Error(`no wallet ${walletId}`);
      const at = await now();
      const item = { description: 'Work', quantity: { unscaled: 1n, scale: 0 }, unitAmount: amount };
      const draft = await createManualInvoice(sql(), { customerId: owner.customer_id, items: [item], now: at });
      if (!draft.ok) throw new Error(`invoice refused: ${draft.error.code}`);
      const finalized = await finalizeInvoice(sql(), draft.value.id, at);
      if (!finalized.ok) throw new Error(`finalize refused: ${finalized.error.code}`);
      return finalized.value;
    },

    moveExpiry: async (walletId: string, expirationAt: Date | null) =>
      updateWallet(sql(), { walletId, change: { expirationAt }, now: await now() }),

    async deleteWallet(walletId: string) {
      return terminateWallet(sql(), { walletId, cause: 'TERMINATION', now: await now() });
    },

    handleOf,

    /**
     * What the workflow last read, once it has read `expected` (polled: queries answer in real time). Each query has
     * a deadline: under load, a query sent as the run continues as new was seen to wait for ever on the time-skipping
     * server, while the next run was already answering.
     */
    async workflowSees(walletId: string, expected: Partial<WalletWorkflowView>): Promise<WalletWorkflowView> {
      const matches = (view: WalletWorkflowView | null): view is WalletWorkflowView =>
        view !== null &&
        Object.entries(expected).every(([key, value]) => view[key as keyof WalletWorkflowView] === value);
      const query = () =>
        suite.env.client.connection
          .withDeadline(Date.now() + QUERY_DEADLINE_MS, () => handleOf(walletId).query(walletStateQuery))
          .catch(() => null);
      const view = await waitFor(query, matches);
      if (!matches(view)) throw new Error(`wallet ${walletId}: the workflow never showed ${JSON.stringify(expected)}`);
      return view;
    },

    async wallet(walletId: string) {
      const [row] = await suite.scenario.sql<{ status: string; credits_balance: string; terminated_at: unknown }>(
        'select status, credits_balance::text, terminated_at from $schema.wallets where id = ?',
        [walletId],
      );
      if (row === undefined) throw new Error(`no wallet ${walletId}`);
      const terminatedAt = row.terminated_at === null ? null : new Date(row.terminated_at as string | Date);
      return { status: row.status, credits_balance: row.credits_balance, terminated_at: terminatedAt };
    },

    /** Once the wallet has become `status` (polled: activities run in real time after a skip). */
    walletBecomes: (walletId: string, status: string) =>
      waitFor(
        () => scenario.wallet(walletId),
        (row) => row.status === status,
      ),

    /** The wallet's transactions as `SOURCE:credits`, oldest first. */
    async transactions(walletId: string): Promise<string[]> {
      const rows = await suite.scenario.sql<{ source: string; credits: string }>(
        `select source, credits::text from $schema.wallet_transactions where wallet_id = ?
          order by created_at, id`,
        [walletId],
      );
      return rows.map((row) => `${row.source}:${row.credits}`);
    },

    /** The wallet's transactions as `SOURCE:credits:trigger:status`, oldest first. */
    async triggeredTransactions(walletId: string): Promise<string[]> {
      const rows = await suite.scenario.sql<{ source: string; credits: string; trigger: string; status: string }>(
        `select source, credits::text, trigger, status from $schema.wallet_transactions where wallet_id = ?
          order by created_at, id`,
        [walletId],
      );
      return rows.map((row) => `${row.source}:${row.credits}:${row.trigger}:${row.status}`);
    },

    /** The firings that topped the wallet up (`wallet_top_ups`), by key. */
    async topUps(walletId: string): Promise<string[]> {
      const rows = await suite.scenario.sql<{ firing_key: string }>(
        'select firing_key from $schema.wallet_top_ups where wallet_id = ? order by created_at, firing_key',
        [walletId],
      );
      return rows.map((row) => row.firing_key);
    },

    /** The outbox events about the wallet, sorted by type (several share one instant). */
    async events(walletId: string): Promise<string[]> {
      const rows = await suite.scenario.sql<{ event_type: string }>(
        `select event_type from $schema.webhook_events where data->>'id' = ? or data->>'walletId' = ?`,
        [walletId, walletId],
      );
      return rows.map((row) => row.event_type).sort();
    },

    /** Wakes still owed to the wallet's workflow. */
    async pendingWakes(walletId: string): Promise<number> {
      const rows = await suite.scenario.sql(
        'select 1 from central.pending_wallet_wakes where tenant_id = ? and wallet_id = ?',
        [suite.tenantId, walletId],
      );
      return rows.length;
    },

    /**
     * How the wallet's workflow ended, once it has: polled in real time and read from its history, since waiting for
     * a result on the time-skipping server skips time.
     */
    async outcome(walletId: string): Promise<unknown> {
      const handle = handleOf(walletId);
      await waitFor(
        async () => (await handle.describe()).status.name,
        (status) => status !== 'RUNNING',
      );
      const history = await handle.fetchHistory();
      const completed = history.events?.at(-1)?.workflowExecutionCompletedEventAttributes?.result?.payloads?.[0];
      return completed === undefined ? undefined : defaultPayloadConverter.fromPayload(completed);
    },

    /** Terminates the wallet workflows still running (a leftover timer would stop the server skipping time). */
    async terminateRunning(): Promise<void> {
      for (const walletId of [...started]) {
        started.delete(walletId);
        const handle = handleOf(walletId);
        if ((await handle.describe()).status.name === 'RUNNING') await handle.terminate('test over');
      }
    },
  };
  return scenario;
}

export type WalletScenario = ReturnType<typeof createWalletScenario>;

/** `from` moved by `days`. */
export const daysAfter = (from: Date, days: number): Date => new Date(from.getTime() + days * 86_400_000);
