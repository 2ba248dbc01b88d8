import {
  describeUnacknowledgedStatus,
  excerptResponseBody,
  isUrgentWebhookEvent,
  signingSecretsAt,
  WEBHOOK_EVENT_TYPES,
} from '.';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytesOf = (text: string) => new TextEncoder().encode(text).length;

describe('excerptResponseBody', () => {
  test('keeps a short body whole', () => {
    expect(excerptResponseBody(utf8('{"ok":true}'))).toBe('{"ok":true}');
  });

  test('cuts a long body at 1 KiB between characters, never inside one', () => {
    const excerpt = excerptResponseBody(utf8(`a${'€'.repeat(600)}`));
    expect(excerpt).toBe(`a${'€'.repeat(341)}`);
    expect(bytesOf(excerpt)).toBe(1024);
  });

  test('invalid UTF-8 and NUL become U+FFFD and the result still fits in 1 KiB', () => {
    const excerpt = excerptResponseBody(new Uint8Array(2048).fill(0xff));
    expect(bytesOf(excerpt)).toBeLessThanOrEqual(1024);
    expect(excerpt).toBe('\uFFFD'.repeat(341));
    expect(excerptResponseBody(utf8('a\u0000b'))).toBe('a\uFFFDb');
  });
});

describe('describeUnacknowledgedStatus', () => {
  test.each([200, 201, 202, 204, 299])('a %i acknowledges: no error', (status) => {
    expect(describeUnacknowledgedStatus(status)).toBeNull();
  });

  test.each([
    [100, 'HTTP 100'],
    [300, 'HTTP 300: redirects are not followed'],
    [302, 'HTTP 302: redirects are not followed'],
    [308, 'HTTP 308: redirects are not followed'],
    [400, 'HTTP 400'],
    [429, 'HTTP 429'],
    [500, 'HTTP 500'],
    [503, 'HTTP 503'],
  ])('a %i is a failure: %j', (status, error) => {
    expect(describeUnacknowledgedStatus(status)).toBe(error);
  });
});

describe('signingSecretsAt', () => {
  const rotatedAt = new Date('2026-11-22T10:00:00.000Z');
  const secrets = { current: 'whsec_new', previous: 'whsec_old', rotatedAt };

  test('signs with both secrets for 24 hours after a rotation, current first', () => {
    expect(signingSecretsAt(secrets, new Date('2026-11-23T09:59:59.999Z'))).toEqual(['whsec_new', 'whsec_old']);
  });

  test('signs with the current secret only from 24 hours after the rotation, or without one', () => {
    expect(signingSecretsAt(secrets, new Date('2026-11-23T10:00:00.000Z'))).toEqual(['whsec_new']);
    expect(signingSecretsAt({ current: 'whsec_new', previous: null, rotatedAt: null }, rotatedAt)).toEqual([
      'whsec_new',
    ]);
  });
});

describe('isUrgentWebhookEvent', () => {
  test('the balance alerts go first; every other event keeps its turn', () => {
    expect(WEBHOOK_EVENT_TYPES.filter(isUrgentWebhookEvent)).toEqual(['wallet.low_balance', 'wallet.depleted']);
    expect(isUrgentWebhookEvent('not.an.event')).toBe(false);
  });
});
