import { relative } from 'node:path';
import { createTimeSkippingTestEnv, sharedWorkflowBundle } from '../temporal-env';
import { writeStoredHistory } from './stored-histories';
import { recordDunningLives } from './dunning-lives';
import { recordPaymentLives } from './payment-lives';
import { recordSubscriptionLives } from './subscription-lives';
import { recordWebhookDeliveryLives } from './webhook-delivery-lives';

/**
 * `npm run histories:record`: runs the stored lives on a time-skipping server of its own with fake activities (no
 * database) and rewrites their histories. Re-record only with a deliberate workflow change (see
 * docs/subscriptions.md, "Replay tests"): the stored files are what running workflows look like.
 */
async function recordHistories(): Promise<void> {
  const env = await createTimeSkippingTestEnv();
  try {
    await sharedWorkflowBundle();
    const recorded = [
      ...(await recordSubscriptionLives(env)),
      ...(await recordWebhookDeliveryLives(env)),
      ...(await recordPaymentLives(env)),
      ...(await recordDunningLives(env)),
    ];
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
