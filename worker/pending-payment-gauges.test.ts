import { Registry } from 'prom-client';
import { parseExposition, sampleSum } from '../test/checks/prometheus-text';
import { memoryLogger } from '../test/harness/http-server';
import type { PendingPaymentBacklog } from '../services/payments/records';
import { registerPendingPaymentGauges } from './pending-payment-gauges';

const BACKLOG: PendingPaymentBacklog[] = [
  { provider: 'mpesa', pending: 0, oldestAgeSeconds: 0, overdue: 0 },
  { provider: 'stripe', pending: 3, oldestAgeSeconds: 7_200.5, overdue: 1 },
];

describe('registerPendingPaymentGauges', () => {
  test('exposes the backlog by provider from one read per scrape', async () => {
    const registry = new Registry();
    const read = jest.fn(() => Promise.resolve(BACKLOG));
    registerPendingPaymentGauges(registry, read, memoryLogger().logger);

    const samples = parseExposition(await registry.metrics());
    expect(read).toHaveBeenCalledTimes(1);
    expect(sampleSum(samples, 'billing_payments_pending', { provider: 'stripe' })).toBe(3);
    expect(sampleSum(samples, 'billing_payments_pending', { provider: 'mpesa' })).toBe(0);
    expect(sampleSum(samples, 'billing_payments_pending_oldest_age_seconds', { provider: 'stripe' })).toBe(7_200.5);
    expect(sampleSum(samples, 'billing_payments_pending_overdue', { provider: 'stripe' })).toBe(1);
  });

  test('a provider gone from the backlog leaves no stale sample behind', async () => {
    const registry = new Registry();
    let backlog = BACKLOG;
    registerPendingPaymentGauges(registry, () => Promise.resolve(backlog), memoryLogger().logger);
    await registry.metrics();
    backlog = [{ provider: 'mpesa', pending: 2, oldestAgeSeconds: 30, overdue: 0 }];
    // Past the window in which a scrape's gauges share one read.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const samples = parseExposition(await registry.metrics());
    expect(samples.filter((sample) => sample.labels.provider === 'stripe')).toEqual([]);
    expect(sampleSum(samples, 'billing_payments_pending', { provider: 'mpesa' })).toBe(2);
  });

  test('a failed read is logged and the scrape still answers, without backlog samples', async () => {
    const registry = new Registry();
    const log = memoryLogger();
    registerPendingPaymentGauges(registry, () => Promise.reject(new Error('connection refused')), log.logger);

    const text = await registry.metrics();
    expect(parseExposition(text).filter((sample) => sample.name.startsWith('billing_payments_pending'))).toEqual([]);
    expect(log.lines()).toEqual([expect.objectContaining({ msg: 'pending payment backlog unread' })]);
  });
});
