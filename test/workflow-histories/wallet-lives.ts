import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { walletWorkflowId } from '../../workflows/shared/workflow-ids';
import { WALLET_WORKFLOW_TYPE, walletChangedSignal, walletTerminatedSignal } from '../../workflows/wallets/messages';
import type { walletWorkflow } from '../../workflows/wallets/wallet.workflow';
import { DAY_MS, sleepUntil } from '../scenarios/subscription-scenario';
import { runLife, type Life } from './life-harness';
import type { StoredHistory } from './stored-histories';

/**
 * The wallet lives whose histories are stored: an expiry moved later (a signal, the old timer abandoned) that then
 * expires the wallet, and a wallet deleted before its expiry.
 */

const TENANT_ID = 'ten_history';

async function recordWallet(
  env: TestWorkflowEnvironment,
  life: { name: string; script: (life: Life<typeof walletWorkflow>, startMs: number) => Promise<void> },
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
        },
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
  ];
}
