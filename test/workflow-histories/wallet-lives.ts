import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { walletWorkflowId } from '../../workflows/shared/workflow-ids';
import {
  WALLET_WORKFLOW_TYPE,
  walletChangedSignal,
  walletTerminatedSignal,
  walletUsageRecordedSignal,
} from '../../workflows/wallets/messages';
import type { WalletSchedule } from '../../workflows/wallets/wire';
import type { walletWorkflow } from '../../workflows/wallets/wallet.workflow';
import { DAY_MS, sleepUntil } from '../scenarios/subscription-scenario';
import { runLife, type Life } from './life-harness';
import type { StoredHistory } from './stored-histories';

/**
 * The wallet lives whose histories are stored: an expiry moved later (a signal, the old timer abandoned) that then
 * expires the wallet, a wallet deleted before its expiry, and a wallet whose usage signals are debounced into one
 * balance check and whose INTERVAL rule tops it up on its timer. The first two, as recorded before balance checks
 * and top-ups existed, are kept as `<name>.before-balance-checks`.
 */

const TENANT_ID = 'ten_history';

async function recordWallet(
  env: TestWorkflowEnvironment,
  life: {
    name: string;
    script: (life: Life<typeof walletWorkflow>, startMs: number) => Promise<void>;
    /** The fake wallet, over an ACTIVE one expiring a day after the start; an INTERVAL rule's spacing. */
    wallet?: (startMs: number) => Partial<WalletSchedule>;
    intervalMs?: number;
  },
): Promise<StoredHistory> {
  const walletId = `wal_history_${life.name.replaceAll('-', '_')}`;
  const startMs = await env.currentTimeMs();
  return runLife<typeof walletWorkflow, StoredHistory>({
    env,
    start: (taskQueue) =>
      env.client.workflow.start<typeof walletWorkflow>(WALLET_WORKFLOW_TYPE, {
        taskQueue,
        workflowId: walletWorkflowId(TENANT_ID, walletId),
        args: [{ tenantId: TENANT_ID, walletId }],
      }),
    fakes: {
      wallet: {
        wallet: {
          status: 'ACTIVE',
          customerId: 'cust_history',
          expirationAt: new Date(startMs + DAY_MS).toISOString(),
          ...life.wallet?.(startMs),
        },
        ...(life.intervalMs === undefined ? {} : { intervalMs: life.intervalMs }),
      },
    },
    script: async (run) => {
      await run.called('readWalletSchedule');
      await life.script(run, startMs);
      await run.completed();
      return {
        workflowType: 'walletWorkflow',
        name: life.name,
        history: await run.historyOf(run.handle.firstExecutionRunId),
      };
    },
  });
}

export async function recordWalletLives(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return [
    await recordWallet(env, {
      name: 'expiry-moved-later-then-expired',
      script: async (life, startMs) => {
        const wallet = life.fake.wallet.state;
        if (wallet === null) throw new Error('no fake wallet');
        wallet.expirationAt = new Date(startMs + 3 * DAY_MS).toISOString();
        await life.handle.signal(walletChangedSignal);
        await life.called('readWalletSchedule', 2);
        await sleepUntil(env, new Date(startMs + 2 * DAY_MS));
        await sleepUntil(env, new Date(startMs + 4 * DAY_MS));
        await life.called('expireWalletIfDue');
      },
    }),
    await recordWallet(env, {
      name: 'deleted-before-expiry',
      script: async (life) => {
        const wallet = life.fake.wallet.state;
        if (wallet === null) throw new Error('no fake wallet');
        wallet.status = 'TERMINATED';
        await life.handle.signal(walletTerminatedSignal);
        await life.called('readWalletSchedule', 2);
      },
    }),
    await recordWallet(env, {
      name: 'usage-debounced-topped-up-on-interval-then-deleted',
      wallet: (startMs) => ({
        expirationAt: null,
        nextTopUp: { number: 1, at: new Date(startMs + 7 * DAY_MS).toISOString() },
      }),
      intervalMs: 7 * DAY_MS,
      script: async (life, startMs) => {
        // The check after the first read; then three usage signals answered by one check.
        await life.called('checkWalletBalance');
        for (let signal = 0; signal < 3; signal += 1) await life.handle.signal(walletUsageRecordedSignal);
        await life.called('checkWalletBalance', 2);
        // The INTERVAL firing tops up, and the balance is checked after it.
        await sleepUntil(env, new Date(startMs + 8 * DAY_MS));
        await life.called('topUpWalletOnInterval');
        await life.called('checkWalletBalance', 3);
        const wallet = life.fake.wallet.state;
        if (wallet === null) throw new Error('no fake wallet');
        wallet.status = 'TERMINATED';
        await life.handle.signal(walletTerminatedSignal);
        await life.called('readWalletSchedule', 2);
      },
    }),
  ];
}
