import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver';
import type { LookupAll } from '../../../infra/net/address-policy';
import { sendWebhook, WEBHOOK_USER_AGENT } from './send-webhook';

/** A resolver that answers each lookup with the next of `answers` (the last one repeats) and counts the calls. */
function scriptedLookup(...answers: string[]) {
  const calls: string[] = [];
  const lookup: LookupAll = (hostname) => {
    calls.push(hostname);
    const address = answers[Math.min(calls.length, answers.length) - 1] ?? '';
    return Promise.resolve([{ address }]);
  };
  return { calls, lookup };
}

describe('sendWebhook (real HTTP to a local receiver)', () => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver((n) => ({ status: n === 1 ? 202 : 500, body: 'accepted' }));
  });
  afterEach(() => receiver.close());

  const body = Buffer.from('{"id":"evt_1"}', 'utf8');
  /** The receiver's URL under a host name that only the scripted resolver knows. */
  const namedUrl = () => receiver.url.replace('127.0.0.1', 'hooks.tenant.test');

  test('posts the exact bytes with the signature headers, content type and user agent; keeps the response excerpt', async () => {
    const result = await sendWebhook({
      url: receiver.url,
      body,
      headers: { 'webhook-id': 'evt_1' },
      allowPrivateTargets: true,
      timeoutMs: 5_000,
    });

    expect(result).toMatchObject({ statusCode: 202, error: null, responseExcerpt: 'accepted' });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.body.equals(body)).toBe(true);
    expect(receiver.received[0]?.headers).toMatchObject({
      'webhook-id': 'evt_1',
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
    });
  });

  test('DNS rebinding: a public answer at the check, then loopback, never reaches the loopback receiver', async () => {
    // 192.0.2.1 (TEST-NET-1) passes the check and answers nothing; a second lookup would have said 127.0.0.1.
    const { calls, lookup } = scriptedLookup('192.0.2.1', '127.0.0.1');

    const result = await sendWebhook({
      url: namedUrl(),
      body,
      headers: {},
      allowPrivateTargets: false,
      timeoutMs: 1_000,
      lookup,
    });

    expect(result.statusCode).toBeNull();
    // Refused or unanswered at the pinned address (by the network this runs on); never a second resolution.
    expect(result.error).toMatch(/192\.0\.2\.1|^timeout:/);
    expect(calls).toEqual(['hooks.tenant.test']);
    expect(receiver.received).toHaveLength(0);
  });

  test('a name resolving to a private address is refused before any connection unless private targets are allowed', async () => {
    const { lookup } = scriptedLookup('10.1.2.3');

    const result = await sendWebhook({
      url: 'https://hooks.tenant.test/billing',
      body,
      headers: {},
      allowPrivateTargets: false,
      timeoutMs: 1_000,
      lookup,
    });

    expect(result).toEqual({
      statusCode: null,
      durationMs: expect.any(Number) as unknown,
      error: expect.stringMatching(
        /^target refused: host hooks\.tenant\.test resolves to a private address/,
      ) as unknown,
      responseExcerpt: null,
    });
  });
});
