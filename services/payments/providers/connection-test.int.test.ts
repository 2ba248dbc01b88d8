import type * as Dns from 'node:dns';
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import type * as DnsPromises from 'node:dns/promises';
import { startFakeProviderServer, type FakeProviderServer } from '../../../test/fakes/fake-provider-server';
import { testProviderConnection } from './connection-test';

// The module objects themselves (what `net` and infra/net read at call time), not an import's interop copy.
const dns = jest.requireActual<typeof Dns>('node:dns');
const dnsPromises = jest.requireActual<typeof DnsPromises>('node:dns/promises');

const HOST = 'provider.rebind.test';
const SECRET = 'sk_test_valid00000000000000001111';
const clock = { now: () => new Date('2026-01-01T00:00:00Z') };

/**
 * A rebinding name server behind the system resolver itself: each lookup of HOST, by whichever resolver API, takes the
 * next answer (the last repeats). Other names resolve as usual.
 */
function rebindSystemResolver(...answers: string[]): { calls: string[]; restore: () => void } {
  const calls: string[] = [];
  const next = () => {
    calls.push(HOST);
    return answers[Math.min(calls.length, answers.length) - 1] ?? '';
  };
  const family = (address: string) => (address.includes(':') ? 6 : 4);
  const realPromise = dnsPromises.lookup.bind(dnsPromises);
  const realCallback = dns.lookup.bind(dns);
  const promiseSpy = jest.spyOn(dnsPromises, 'lookup').mockImplementation(((hostname: string, options: unknown) => {
    if (hostname !== HOST) return realPromise(hostname, options as LookupOneOptions);
    const address = next();
    return Promise.resolve([{ address, family: family(address) }]);
  }) as typeof dnsPromises.lookup);
  const callbackSpy = jest.spyOn(dns, 'lookup').mockImplementation(((
    hostname: string,
    options: unknown,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (hostname !== HOST) {
      (realCallback as (...args: unknown[]) => void)(hostname, options, callback);
      return;
    }
    const address = next();
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true;
    if (all) callback(null, [{ address, family: family(address) }]);
    else callback(null, address, family(address));
  }) as typeof dns.lookup);
  return {
    calls,
    restore: () => {
      promiseSpy.mockRestore();
      callbackSpy.mockRestore();
    },
  };
}

describe('testProviderConnection and DNS rebinding', () => {
  let fake: FakeProviderServer;
  beforeEach(async () => {
    fake = await startFakeProviderServer([`Bearer ${SECRET}`]);
  });
  afterEach(() => fake.close());

  it('connects to the address it checked: a public answer, then loopback, never reaches the loopback server', async () => {
    // 8.8.8.8 (public) passes the check and has no server on this port; a second resolution would say 127.0.0.1,
    // where the fake provider listens and would receive the stored secret key.
    const dnsServer = rebindSystemResolver('8.8.8.8', '127.0.0.1');
    try {
      const result = await testProviderConnection({
        provider: { provider: 'PAYSTACK', credentials: { secretKey: SECRET } },
        apiBaseUrl: fake.url.replace('127.0.0.1', HOST),
        allowPrivateTargets: false,
        platformUrl: 'http://127.0.0.1:1',
        timeoutMs: 1_000,
        clock,
      });

      expect(fake.requests).toEqual([]);
      expect(result).toMatchObject({ ok: false, statusCode: null });
      expect(dnsServer.calls).toEqual([HOST]);
    } finally {
      dnsServer.restore();
    }
  });

  it('refuses a host whose answer is private at the check, before any connection', async () => {
    const dnsServer = rebindSystemResolver('10.1.2.3');
    try {
      const result = await testProviderConnection({
        provider: { provider: 'PAYSTACK', credentials: { secretKey: SECRET } },
        apiBaseUrl: `http://${HOST}/`,
        allowPrivateTargets: false,
        platformUrl: 'http://127.0.0.1:1',
        timeoutMs: 1_000,
        clock,
      });
      expect(result).toMatchObject({
        ok: false,
        statusCode: null,
        message: expect.stringMatching(
          /^apiBaseUrl refused: host provider\.rebind\.test resolves to a private/,
        ) as unknown,
      });
      expect(fake.requests).toEqual([]);
    } finally {
      dnsServer.restore();
    }
  });
});
