import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { startReadyProcess } from './support/child-processes';

/**
 * The pieces of `bench:ingest`'s wallet round (bench/ingest-events.ts runs it): the worker process, the webhook
 * receiver, the wallets and where each one's balance is crossed.
 */

export interface BenchCustomer {
  subscriptionId: string;
  customerId: string;
}

/** bench/ingest-wallet-worker.ts in a process of its own; resolves once it prints `ready`. */
export function startBenchWorker(
  env: Record<string, string>,
  tenantId: string,
  nodeFlags: readonly string[] = [],
): Promise<ChildProcess> {
  return startReadyProcess('bench/ingest-wallet-worker.ts', { env, args: [tenantId], nodeFlags });
}

/** A `node:http` receiver of the tenant's webhooks: when each `<event>:<data.id>` first arrived (performance.now()). */
export interface WebhookReceiver {
  url: string;
  firstArrival: Map<string, number>;
  waitFor: (keys: readonly string[], timeoutMs: number) => Promise<string[]>;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const firstArrival = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { event?: string; data?: { id?: string } };
        const key = `${String(body.event)}:${String(body.data?.id)}`;
        if (!firstArrival.has(key)) firstArrival.set(key, at);
      } catch {
        // Not an event envelope: answered all the same.
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}/webhooks`,
    firstArrival,
    /** Waits until every key arrived or `timeoutMs` passed; resolves with the keys still missing. */
    waitFor: async (keys, timeoutMs) => {
      const deadline = performance.now() + timeoutMs;
      let missing = keys.filter((key) => !firstArrival.has(key));
      while (missing.length > 0 && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        missing = missing.filter((key) => !firstArrival.has(key));
      }
      return missing;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A SUM event's GB in eighths (the bench sends `(n % 997) / 8`), for the usage it prices at 0.02 per GB. */
export interface UsageEvent {
  customerId: string;
  code: string;
  properties: Record<string, string | number>;
}

/** Each customer's usage in each batch, in eighths of a GB (exact: 0.02 per GB is a quarter of a cent per eighth). */
export function usageEighthsByBatch(batches: readonly (readonly UsageEvent[])[]): Map<string, number>[] {
  return batches.map((events) => {
    const byCustomer = new Map<string, number>();
    for (const event of events) {
      if (event.code !== 'storage_gb') continue;
      const eighths = Math.round(Number(event.properties.gb) * 8);
      byCustomer.set(event.customerId, (byCustomer.get(event.customerId) ?? 0) + eighths);
    }
    return byCustomer;
  });
}

/** Cents of usage (0.02 per GB) of `eighths`, rounded half up as the usage amount is. */
const centsOf = (eighths: number) => Math.floor((eighths + 2) / 4);

export interface WalletPlan {
  customerId: string;
  /** The round's usage, in cents, that brings the ongoing balance to 0. */
  budgetCents: number;
  body: Record<string, unknown>;
}

/**
 * One wallet per customer, its balance crossed in the round at a batch spread between 30 % and 80 % of it (so that
 * the crossings are not one burst): granted credits = the usage already in the open period (`openUsageCents`) plus the
 * round's usage up to that batch; `wallet.low_balance` at a quarter of that budget left, a THRESHOLD rule at half of
 * it buying 10 paid credits on a purchase invoice that stays unpaid (`invoiceRequiresSuccessfulPayment`), so the rule
 * fires once and adds nothing to the balance.
 */
export function planWallets(input: {
  customers: readonly BenchCustomer[];
  openUsageCents: ReadonlyMap<string, number>;
  usage: readonly Map<string, number>[];
}): WalletPlan[] {
  const { customers, usage } = input;
  return customers.map((customer, index) => {
    const crossing = Math.floor(usage.length * (0.3 + (0.5 * index) / customers.length));
    let eighths = 0;
    for (const batch of usage.slice(0, crossing + 1)) eighths += batch.get(customer.customerId) ?? 0;
    const budgetCents = Math.max(1, centsOf(eighths) - 1);
    const credits = (cents: number) => Number((cents / 100).toFixed(2));
    return {
      customerId: customer.customerId,
      budgetCents,
      body: {
        customerId: customer.customerId,
        name: 'Bench prepaid',
        grantedCredits: credits((input.openUsageCents.get(customer.customerId) ?? 0) + budgetCents),
        invoiceRequiresSuccessfulPayment: true,
        lowBalanceThresholdCredits: credits(Math.floor(budgetCents / 4)),
        recurringTopUps: [
          {
            trigger: 'THRESHOLD',
            thresholdCredits: credits(Math.floor(budgetCents / 2)),
            method: 'FIXED',
            paidCredits: 10,
          },
        ],
      },
    };
  });
}

/**
 * When the batch that crossed each wallet's budget was answered: batches taken in the order they were answered (a
 * batch commits before its answer), the first after which the round's usage reaches the budget. Undefined when the
 * round never reached it.
 */
export function crossingAnswers(input: {
  plans: readonly WalletPlan[];
  usage: readonly Map<string, number>[];
  answeredAt: readonly number[];
}): Map<string, number | undefined> {
  const order = input.answeredAt.map((at, batch) => ({ at, batch })).sort((a, b) => a.at - b.at);
  const crossings = new Map<string, number | undefined>();
  for (const plan of input.plans) {
    let eighths = 0;
    let crossedAt: number | undefined;
    for (const { at, batch } of order) {
      eighths += input.usage[batch]?.get(plan.customerId) ?? 0;
      if (centsOf(eighths) >= plan.budgetCents) {
        crossedAt = at;
        break;
      }
    }
    crossings.set(plan.customerId, crossedAt);
  }
  return crossings;
}
