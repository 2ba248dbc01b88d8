import { readWalletUsagePayload, walletUsagePayloads } from './usage-notifications';

const TENANT = 'ten_01JD0000000000000000000000';
const customer = (n: number) => `cus_01JD${String(n).padStart(22, '0')}`;

describe('wallet usage notifications', () => {
  it('tells a request’s customers in one payload that reads back as it was written', () => {
    const customerIds = [customer(1), customer(2)];
    const payloads = walletUsagePayloads({ tenantId: TENANT, customerIds });
    expect(payloads).toEqual([`${TENANT}:${JSON.stringify(customerIds)}`]);
    expect(payloads.map(readWalletUsagePayload)).toEqual([{ tenantId: TENANT, customerIds }]);
  });

  it('splits customers that would not fit in one notification (under 8,000 bytes each), losing none', () => {
    const customerIds = Array.from({ length: 1_000 }, (_, n) => customer(n));
    const payloads = walletUsagePayloads({ tenantId: TENANT, customerIds });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((payload) => readWalletUsagePayload(payload)?.customerIds ?? [])).toEqual(customerIds);
  });

  it('ignores payloads it did not write', () => {
    expect(['', 'no-colon', `${TENANT}:not json`, `${TENANT}:[1]`, `:["a"]`].map(readWalletUsagePayload)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
