import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret } from './secret-box';

const KEY = randomBytes(32);

describe('secret box', () => {
  it('opens what it sealed', () => {
    expect(decryptSecret(encryptSecret('hunter2', KEY), KEY)).toBe('hunter2');
  });

  it('refuses a blob whose authentication tag was cut short (a shorter GCM tag is easier to forge)', () => {
    const [version, iv, tag, ciphertext] = encryptSecret('hunter2', KEY).split('.');
    const shortTag = Buffer.from(tag ?? '', 'base64url')
      .subarray(0, 4)
      .toString('base64url');
    expect(() => decryptSecret([version, iv, shortTag, ciphertext].join('.'), KEY)).toThrow();
  });

  it('refuses a tampered ciphertext and another key', () => {
    const sealed = encryptSecret('hunter2', KEY);
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptSecret([version, iv, tag, flipped.toString('base64url')].join('.'), KEY)).toThrow();
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow();
  });
});
