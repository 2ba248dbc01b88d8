import { parsePaystackEvent } from './paystack-notification';
import { parseStripeEvent } from './stripe-notification';

const body = (event: object) => Buffer.from(JSON.stringify(event));

/** A Paystack refund event's data for a partial refund of 50.00 of our payment's transaction. */
const paystackRefund = (data: Record<string, unknown>, event = 'refund.processed') =>
  parsePaystackEvent(
    body({
      event,
      data: {
        status: 'processed',
        transaction_reference: 'pay-01JZ8Y4M3V0000000000000000.a1',
        amount: '5000',
        ...data,
      },
    }),
  );

describe('refund notifications: ids stored once and what names the refund', () => {
  test('a Paystack refund event is stored under its refund id and outcome, and carries the amount', () => {
    expect(paystackRefund({ id: 3018284 })).toMatchObject({
      kind: 'refund',
      eventId: 'refund.processed:3018284',
      providerRefundId: '3018284',
      amountMinor: 5000n,
      outcome: 'succeeded',
    });
    expect(paystackRefund({ id: 3018284 }, 'refund.failed')).toMatchObject({
      eventId: 'refund.failed:3018284',
      outcome: 'failed',
    });
  });

  test('two equal partial Paystack refunds without data.id are two events, by their refund references', () => {
    const first = paystackRefund({ refund_reference: 'TRF_aaa' });
    const second = paystackRefund({ refund_reference: 'TRF_bbb' });
    expect(first?.eventId).not.toBe(second?.eventId);
    // refund_reference is not Paystack's refund id (the refund call's answer never carries it): it names no refund.
    expect(first).toMatchObject({ providerRefundId: null, amountMinor: 5000n });
  });

  test('a Paystack refund event with neither id is keyed by its body, never by transaction and amount', () => {
    const first = paystackRefund({ processor: 'mpgs_zen', customer: { email: 'a@example.com' } });
    const second = paystackRefund({ processor: 'mpgs_zen', customer: { email: 'b@example.com' } });
    expect(first?.eventId).toMatch(/^refund\.processed:sha256:[0-9a-f]{64}$/);
    expect(first?.eventId).not.toBe(second?.eventId);
    expect(paystackRefund({ processor: 'mpgs_zen', customer: { email: 'a@example.com' } })?.eventId).toBe(
      first?.eventId,
    );
  });

  test('a Stripe refund.updated that failed after succeeding is a failed refund outcome under its own event id', () => {
    const refund = (id: string, status: string) =>
      parseStripeEvent(
        body({
          id,
          type: 'refund.updated',
          data: {
            object: {
              id: 're_3Q',
              status,
              failure_reason: status === 'failed' ? 'expired_or_canceled_card' : undefined,
              metadata: { reference: 'pay_01JZ8Y4M3V0000000000000000', refund_id: 're_01JZ8Y4M3V0000000000000001' },
            },
          },
        }),
      );
    expect(refund('evt_1', 'succeeded')).toMatchObject({ eventId: 'evt_1', outcome: 'succeeded' });
    expect(refund('evt_2', 'failed')).toMatchObject({
      kind: 'refund',
      eventId: 'evt_2',
      refundId: 're_01JZ8Y4M3V0000000000000001',
      providerRefundId: 're_3Q',
      outcome: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
  });
});
