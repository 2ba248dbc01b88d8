import { ID_PREFIXES, formatId, isId, parseId, requireId, type IdKind } from './ids';

const ULID = '01JD0000000000000000000000';

describe('ids', () => {
  it('formats every kind with its contract prefix', () => {
    for (const kind of Object.keys(ID_PREFIXES) as IdKind[]) {
      expect(formatId(kind, ULID)).toBe(`${ID_PREFIXES[kind]}_${ULID}`);
    }
  });

  it('accepts a well-formed id only for its own kind', () => {
    expect(isId('customer', `cust_${ULID}`)).toBe(true);
    expect(isId('tenant', `cust_${ULID}`)).toBe(false);
    expect(parseId('tenant', `ten_${ULID}`)).toBe(`ten_${ULID}`);
  });

  it.each([
    [`cust_${ULID.toLowerCase()}`, 'lower case'],
    [`cust_${ULID}0`, 'too long'],
    [`cust_${ULID.slice(1)}`, 'too short'],
    [`cust_01JD000000000000000000000I`, 'letter I is not Crockford base 32'],
    [`cust_${ULID}'; drop table x; --`, 'injection'],
    [42, 'not a string'],
  ])('rejects %s (%s)', (value: unknown, _reason: string) => {
    expect(parseId('customer', value)).toBeUndefined();
  });

  it('requires a well-formed id of its kind where the system made the value itself', () => {
    expect(requireId('subscription', `sub_${ULID}`)).toBe(`sub_${ULID}`);
    expect(() => requireId('subscription', `cust_${ULID}`)).toThrow('Not a subscription id: "cust_');
    expect(() => requireId('tenant', '')).toThrow('Not a tenant id');
  });

  it('refuses to format a malformed ULID', () => {
    expect(() => formatId('invoice', 'nope')).toThrow('Not a ULID');
  });
});
