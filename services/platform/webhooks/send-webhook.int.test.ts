import { startWebhookReceiver, type ReceiverReply, type WebhookReceiver } from '../../../test/fakes/webhook-receiver';
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
    // 8.8.8.8 (public) passes the check and has no receiver on this port; a second lookup would have said 127.0.0.1.
    const { calls, lookup } = scriptedLookup('8.8.8.8', '127.0.0.1');

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
    expect(result.error).toMatch(/8\.8\.8\.8|^timeout:/);
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

describe('sendWebhook: what counts as an answer', () => {
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });

  /** One POST to a receiver that gives `reply`, within a budget of `timeoutMs`. */
  async function postTo(reply: ReceiverReply, timeoutMs = 1_000) {
    const receiver = await startWebhookReceiver(() => reply);
    receivers.push(receiver);
    const result = await sendWebhook({
      url: receiver.url,
      body: Buffer.from('{"id":"evt_1"}', 'utf8'),
      headers: {},
      allowPrivateTargets: true,
      timeoutMs,
    });
    return { result, receiver };
  }

  test.each([
    ['gives part of its body and keeps it open', { status: 200, body: 'accepted', then: 'hold' }, 'accepted'],
    ['sends nothing after its headers and keeps the body open', { status: 200, then: 'hold' }, null],
    ['gives part of its body, then cuts the connection', { status: 202, body: 'queued', then: 'reset' }, 'queued'],
  ] as const)(
    'a 2xx is a success once its status arrives, whatever its body does: a receiver that %s',
    async (_case, reply, excerpt) => {
      const { result, receiver } = await postTo(reply);

      expect(result).toEqual({
        statusCode: reply.status,
        durationMs: expect.any(Number) as unknown,
        error: null,
        responseExcerpt: excerpt,
      });
      expect(result.durationMs).toBeLessThanOrEqual(1_500);
      expect(receiver.received).toHaveLength(1);
    },
  );

  test('a body that stays open is read for a few seconds at most, not for the rest of the 30 s budget', async () => {
    const { result } = await postTo({ status: 200, body: 'ok', then: 'hold' }, 30_000);

    expect(result).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'ok' });
    expect(result.durationMs).toBeLessThan(10_000);
  }, 20_000);

  test.each([
    [500, 'HTTP 500'],
    [404, 'HTTP 404'],
    [410, 'HTTP 410'],
    [301, 'HTTP 301: redirects are not followed'],
    [307, 'HTTP 307: redirects are not followed'],
  ])('an answer %i is a failure whose error says so: %j', async (status, error) => {
    const { result } = await postTo({ status, body: 'nope' });

    expect(result).toEqual({
      statusCode: status,
      durationMs: expect.any(Number) as unknown,
      error,
      responseExcerpt: 'nope',
    });
  });

  test('no status line within the budget is still a timeout, with no status and no excerpt', async () => {
    const { result } = await postTo('hang', 500);

    expect(result).toEqual({
      statusCode: null,
      durationMs: expect.any(Number) as unknown,
      error: 'timeout: no response within 0.5 s',
      responseExcerpt: null,
    });
  });
});
