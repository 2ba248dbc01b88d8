import { requestFingerprint } from './request-fingerprint';

describe('requestFingerprint', () => {
  const path = '/api/invoices/inv_01JD0000000000000000000000/finalize';
  const fingerprintOf = (body: unknown, request: { method?: string; path?: string } = {}) =>
    requestFingerprint({ method: request.method ?? 'POST', path: request.path ?? path, body });

  it('takes a request without a body and one with {} as the same request', () => {
    expect(fingerprintOf(undefined)).toBe(fingerprintOf({}));
  });

  it('ignores the order of keys, in nested objects too', () => {
    expect(fingerprintOf({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } })).toBe(
      fingerprintOf({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }),
    );
  });

  it('tells apart another body, another path and another method', () => {
    const fingerprints = [
      fingerprintOf({}),
      fingerprintOf(null),
      fingerprintOf([]),
      fingerprintOf({ reason: 'x' }),
      fingerprintOf({}, { path: '/api/invoices/inv_01JD0000000000000000000001/finalize' }),
      fingerprintOf({}, { method: 'PUT' }),
    ];
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });

  it('holds no request data', () => {
    expect(fingerprintOf({ secret: 'hunter2' })).toMatch(/^[0-9a-f]{64}$/);
  });
});
