import { randomBytes } from 'node:crypto';
import { signToken, tokenKey, verifyToken } from './signed-token';

const master = randomBytes(32);
const link = tokenKey(master, 'portal-link');

describe('signed tokens', () => {
  it('gives back the claims it signed', () => {
    const token = signToken(link, { customerId: 'cust_1', exp: 1 });
    expect(verifyToken(link, token)).toEqual({ customerId: 'cust_1', exp: 1 });
  });

  it('refuses a changed payload, a changed MAC, and garbage', () => {
    const token = signToken(link, { customerId: 'cust_1' });
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ customerId: 'cust_2' })).toString('base64url');
    expect(verifyToken(link, `${forged}.${mac}`)).toBeUndefined();
    const flipped = mac.startsWith('A') ? `B${mac.slice(1)}` : `A${mac.slice(1)}`;
    expect(verifyToken(link, `${payload}.${flipped}`)).toBeUndefined();
    expect(verifyToken(link, `${payload}.${mac}x`)).toBeUndefined();
    for (const junk of ['', '.', 'a.b.c', token.replace('.', '')]) expect(verifyToken(link, junk)).toBeUndefined();
  });

  it('refuses a value signed for another purpose or with another key', () => {
    const token = signToken(link, { customerId: 'cust_1' });
    expect(verifyToken(tokenKey(master, 'portal-cookie'), token)).toBeUndefined();
    expect(verifyToken(tokenKey(randomBytes(32), 'portal-link'), token)).toBeUndefined();
  });

  it('refuses a signed payload that is not an object', () => {
    expect(verifyToken(link, signToken(link, [1, 2]))).toBeUndefined();
  });
});
