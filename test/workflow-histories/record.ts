import { relative } from 'node:path';
import { createTimeSkippingTestEnv, sharedWorkflowBundle } from '../harness/temporal-env';
import { writeStoredHistory } from './stored-histories';
import { recordClockLives } from './clock-lives';
import { recordDunningLives } from './dunning-lives';
import { recordCanceledPaymentLives, recordPaymentLives } from './payment-lives';
import { recordSubscriptionLives } from './subscription-lives';
import { recordWalletLives } from './wallet-lives';
import { recordWebhookDeliveryLives } from './webhook-delivery-lives';

const RECORDERS = {
  subscription: recordSubscriptionLives,
  'webhook-delivery': recordWebhookDeliveryLives,
  payment: recordPaymentLives,
  'payment-canceled': recordCanceledPaymentLives,
  dunning: recordDunningLives,
  wallet: recordWalletLives,
  clock: recordClockLives,
} as const;
type RecorderName = keyof typeof RECORDERS;

/** The workflows named on the command line (`npm run histories:record -- subscription`), else all of them. */
function chosenRecorders(names: string[]): RecorderName[] {
  const all = Object.keys(RECORDERS) as RecorderName[];
  if (names.length === 0) return all;
  const unknown = names.filter((name) => !all.includes(name as RecorderName));
  if (unknown.length > 0) throw new Error(`Unknown lives ${unknown.join(', ')}; choose among ${all.join(', ')}`);
  return names as RecorderName[];
}

/**
 * `npm run histories:record [-- <workflow>...]`: runs the stored lives on a time-skipping server of its own with fake
 * activities (no database) and rewrites their histories; naming workflows re-records only theirs. Re-record only
 * with a deliberate workflow change (see docs/subscriptions.md, "Replay tests"): the stored files are what running
 * workflows look like.
 */
async function recordHistories(): Promise<void> {
  const chosen = chosenRecorders(process.argv.slice(2));
  const env = await createTimeSkippingTestEnv();
  try {
    await sharedWorkflowBundle();
    const recorded = [];
    for (const name of chosen) recorded.push(...(await RECORDERS[name](env)));
    for (const history of recorded) {
      const path = await writeStoredHistory(history);
      console.log(`${relative(process.cwd(), path)}: ${history.history.events?.length ?? 0} events`);
    }
  } finally {
    await env.teardown();
  }
}

recordHistories().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
