import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '../infra/logger';
import { OVERDUE_GRACE_SECONDS, type PendingPaymentBacklog } from '../services/payments/records';

/** A scrape's three gauges share one read: collections that start within this window reuse it. */
const SHARED_READ_MS = 1_000;

/**
 * The payment verification backlog as gauges, read from the database at each scrape: PENDING payments by provider,
 * the age of the oldest, and those still PENDING well after their checkout expired. They describe the database, not
 * this worker, so every worker reports the same figures: aggregate them with `max`, not `sum`.
 */
export function registerPendingPaymentGauges(
  registry: Registry,
  read: () => Promise<PendingPaymentBacklog[]>,
  logger: Logger,
): void {
  const snapshot = sharedRead(read, logger);
  const gauge = (name: string, help: string, value: (entry: PendingPaymentBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['provider'] as const,
      registers: [registry],
      async collect() {
        const backlog = await snapshot();
        this.reset();
        for (const entry of backlog ?? []) this.set({ provider: entry.provider }, value(entry));
      },
    });
  gauge('billing_payments_pending', 'Provider payments now PENDING (test-clock customers left out).', (entry) => {
    return entry.pending;
  });
  gauge(
    'billing_payments_pending_oldest_age_seconds',
    'Age of the oldest PENDING provider payment; 0 when none is pending.',
    (entry) => entry.oldestAgeSeconds,
  );
  gauge(
    'billing_payments_pending_overdue',
    `PENDING provider payments whose checkout expired more than ${OVERDUE_GRACE_SECONDS} s ago: endings the workflows owe.`,
    (entry) => entry.overdue,
  );
}

/** One read for concurrent collections; a failed read is logged and leaves the gauges without samples. */
function sharedRead(read: () => Promise<PendingPaymentBacklog[]>, logger: Logger) {
  let last: { startedAt: number; result: Promise<PendingPaymentBacklog[] | undefined> } | undefined;
  return (): Promise<PendingPaymentBacklog[] | undefined> => {
    const now = performance.now();
    if (last === undefined || now - last.startedAt > SHARED_READ_MS) {
      const result = read().catch((error: unknown) => {
        logger.warn({ err: error }, 'pending payment backlog unread');
        return undefined;
      });
      last = { startedAt: now, result };
    }
    return last.result;
  };
}
