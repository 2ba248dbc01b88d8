import { tenantSchemaName } from './tenant-schema';

describe('tenantSchemaName', () => {
  it('derives a lower-case schema name from a tenant id', () => {
    expect(tenantSchemaName('ten_01JD3Z8V4N6QKX2M7R9T5W0BCY')).toBe('tenant_01jd3z8v4n6qkx2m7r9t5w0bcy');
  });

  it.each([
    ['an injection attempt', 'ten_x"; drop schema central cascade; --'],
    ['a quote inside an otherwise valid id', 'ten_01JD3Z8V4N6QKX2M7R9T5W0BC"'],
    ['a lower-case ULID', 'ten_01jd3z8v4n6qkx2m7r9t5w0bcy'],
    ['a ULID one character short', 'ten_01JD3Z8V4N6QKX2M7R9T5W0BC'],
    ['a ULID one character long', 'ten_01JD3Z8V4N6QKX2M7R9T5W0BCYZ'],
    ['letters outside Crockford base 32', 'ten_01JD3Z8V4N6QKX2M7R9T5W0BCU'],
    ['another resource prefix', 'cust_01JD3Z8V4N6QKX2M7R9T5W0BCY'],
    ['no prefix', '01JD3Z8V4N6QKX2M7R9T5W0BCY'],
    ['a trailing newline', 'ten_01JD3Z8V4N6QKX2M7R9T5W0BCY\n'],
    ['an empty string', ''],
  ])('rejects %s', (_case, tenantId) => {
    expect(() => tenantSchemaName(tenantId)).toThrow('Not a tenant id');
  });
});
