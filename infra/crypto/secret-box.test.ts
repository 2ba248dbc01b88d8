import { randomBytes } from 'node:crypto';
import { sealUnboundSecret } from '../../test/fixtures/unbound-secret';
import { bindSecret, decryptSecret, encryptSecret, isBoundSecret, SealedSecretError } from './secret-box';

const KEY = randomBytes(32);
const SMTP_OF_A = { key: KEY, associatedData: 'tenant:ten_A:smtp' };
const SMTP_OF_B = { key: KEY, associatedData: 'tenant:ten_B:smtp' };

// Sealed by the v1 code (before owners were bound) with the development key, 32 bytes of 7.
const V1_KEY = Buffer.alloc(32, 7);
const V1_HUNTER2 = 'v1.4fkEAf0e9m7KL7gd.p4tkhsQxiBhpE4KbGnJh2Q.CQyISZFOCw';

describe('secret box', () => {
  it('opens what it sealed, for the owner it was sealed for', () => {
    const sealed = encryptSecret('hunter2', SMTP_OF_A);
    expect(sealed).toMatch(/^v2\./);
    expect(decryptSecret(sealed, SMTP_OF_A)).toBe('hunter2');
  });

  it('refuses a blob copied to another owner (another tenant, another row), without naming the secret', () => {
    const sealed = encryptSecret('hunter2', SMTP_OF_A);
    const open = () => decryptSecret(sealed, SMTP_OF_B);
    expect(open).toThrow(SealedSecretError);
    expect(open).toThrow('The sealed secret cannot be opened: another key, tampered with, or sealed for another owner');
    const provider = (id: string) => ({ key: KEY, associatedData: `tenant:ten_A:payment-provider:${id}` });
    const credentials = encryptSecret('{"secretKey":"sk_test_1"}', provider('pp_1'));
    expect(() => decryptSecret(credentials, provider('pp_2'))).toThrow(SealedSecretError);
  });

  it('refuses a bound blob relabelled v1 to skip the owner check', () => {
    const relabelled = encryptSecret('hunter2', SMTP_OF_A).replace(/^v2\./, 'v1.');
    expect(() => decryptSecret(relabelled, SMTP_OF_A)).toThrow(SealedSecretError);
  });

  it('still opens a v1 blob, sealed before owners were bound', () => {
    expect(decryptSecret(V1_HUNTER2, { key: V1_KEY, associatedData: 'tenant:ten_A:smtp' })).toBe('hunter2');
    expect(decryptSecret(sealUnboundSecret('hunter2', KEY), SMTP_OF_B)).toBe('hunter2');
  });

  it('binds a v1 blob to its owner when it is sealed again, and leaves a bound one as it is', () => {
    const bound = bindSecret(V1_HUNTER2, { key: V1_KEY, associatedData: 'tenant:ten_A:smtp' });
    expect(isBoundSecret(bound)).toBe(true);
    expect(decryptSecret(bound, { key: V1_KEY, associatedData: 'tenant:ten_A:smtp' })).toBe('hunter2');
    expect(() => decryptSecret(bound, { key: V1_KEY, associatedData: 'tenant:ten_B:smtp' })).toThrow();
    const sealed = encryptSecret('hunter2', SMTP_OF_A);
    expect(bindSecret(sealed, SMTP_OF_A)).toBe(sealed);
    // One that no longer opens (ENCRYPTION_KEY changed) stays as it was: unreadable either way.
    expect(bindSecret(V1_HUNTER2, SMTP_OF_A)).toBe(V1_HUNTER2);
  });

  it('refuses a blob whose authentication tag was cut short (a shorter GCM tag is easier to forge)', () => {
    const [version, iv, tag, ciphertext] = encryptSecret('hunter2', SMTP_OF_A).split('.');
    const shortTag = Buffer.from(tag ?? '', 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    expect(() => decryptSecret([version, iv, shortTag, ciphertext].join('.'), SMTP_OF_A)).toThrow(
      'the authentication tag is not 16 bytes',
    );
  });

  it('refuses a tampered ciphertext, another key and what is not a sealed secret', () => {
    const sealed = encryptSecret('hunter2', SMTP_OF_A);
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptSecret([version, iv, tag, flipped.toString('base64url')].join('.'), SMTP_OF_A)).toThrow(
      SealedSecretError,
    );
    expect(() => decryptSecret(sealed, { ...SMTP_OF_A, key: randomBytes(32) })).toThrow(SealedSecretError);
    for (const text of ['hunter2', `v3.${iv}.${tag}.${ciphertext}`, `${sealed}.extra`]) {
      expect(() => decryptSecret(text, SMTP_OF_A)).toThrow('not a sealed secret');
    }
  });
});
