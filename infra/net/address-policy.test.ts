import { checkOutboundHost, checkOutboundUrl, classifyAddress, type LookupAll } from './address-policy';
import { parseIpv6 } from './ip-address';

const denyPrivate = (lookup?: LookupAll) => ({ allowPrivateTargets: false, ...(lookup ? { lookup } : {}) });
const resolvesTo =
  (...addresses: string[]): LookupAll =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address })));

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.192', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.20.0.1', 'public'],
    ['192.0.1.1', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
    // TEST-NET-1..3 and the IPv6 documentation prefixes: examples, never a real receiver.
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.255', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['2001:db8:ffff:ffff::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['::ffff:192.0.2.1', 'documentation'],
    // IPv4-translated (::ffff:0:0:0/96): the embedded IPv4 decides, as for the mapped form.
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', 'link_local'],
    ['::ffff:0:10.0.0.1', 'private'],
    // NAT64 and 6to4 carrying a non-public IPv4.
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::169.254.169.254', 'link_local'],
    ['64:ff9b::c0a8:101', 'private'],
    ['64:ff9b:1::a00:1', 'reserved'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a9fe:a9fe::', 'link_local'],
    ['2002:c000:0201::1', 'documentation'],
    // Broadcast, reserved, benchmarking, the 6to4 relay anycast, multicast.
    ['255.255.255.254', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['239.255.255.250', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['::ffff:224.0.0.251', 'multicast'],
    // IETF protocol assignments (Teredo, benchmarking), discard-only, SRv6, and IPv6 outside global unicast.
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['100::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['::2:3:4:5', 'reserved'],
  ])('classifies %s as %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:0808:0808::1',
    '64:ff9b::8.8.8.8',
    '::ffff:0:808:808',
    '192.0.3.1',
    '198.51.99.255',
    '203.0.114.1',
    '2001:200::1',
    '2001:db9::1',
    '3fff:1000::1',
    '2c0f:f248::1',
  ])('classifies %s as public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it.each(['example.com', '', '1.2.3', '::g', '127.0.0.1.1'])('classifies %j as invalid', (text) => {
    expect(classifyAddress(text)).toBe('invalid');
  });

  it('expands compressed IPv6 forms to 16 bytes', () => {
    expect(parseIpv6('1::')).toEqual([0, 1, ...Array<number>(14).fill(0)]);
    expect(parseIpv6('::ffff:1.2.3.4')?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
  });
});

describe('checkOutboundUrl', () => {
  it('accepts a host whose every address is public', async () => {
    const check = await checkOutboundUrl('https://hooks.example.com/in', denyPrivate(resolvesTo('93.184.216.34')));
    expect(check).toEqual({ ok: true, addresses: ['93.184.216.34'] });
  });

  it('names the documentation range of a host that resolves into one', async () => {
    const check = await checkOutboundUrl('https://hooks.example.com/in', denyPrivate(resolvesTo('2001:db8::5')));
    expect(check).toEqual({
      ok: false,
      reason:
        'host hooks.example.com resolves to a documentation (example-only) address (2001:db8::5), which is not allowed',
    });
  });

  it('refuses a host with one private address among public ones', async () => {
    const check = await checkOutboundUrl('https://mixed.example.com/', denyPrivate(resolvesTo('8.8.8.8', '10.0.0.7')));
    expect(check).toEqual({
      ok: false,
      reason: 'host mixed.example.com resolves to a private address (10.0.0.7), which is not allowed',
    });
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::1]:8080/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://100.64.1.1/',
    'http://[fd00::1]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[::ffff:0:127.0.0.1]:8080/',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
    'http://[2002:7f00:1::1]/',
    'http://[2001:db8::1]/',
    'http://192.0.2.1/',
    'http://198.51.100.1/',
    'http://203.0.113.1/',
    'http://198.18.0.1/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://224.0.0.1/',
    'http://[ff02::1]/',
  ])('refuses the literal %s without a lookup', async (url) => {
    const lookup = jest.fn<ReturnType<LookupAll>, Parameters<LookupAll>>();
    const check = await checkOutboundUrl(url, denyPrivate(lookup));
    expect(check.ok).toBe(false);
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'not a url', 'javascript:alert(1)'])(
    'refuses %s, which is not http(s)',
    async (url) => {
      const check = await checkOutboundUrl(url, denyPrivate(resolvesTo('93.184.216.34')));
      expect(check.ok).toBe(false);
    },
  );

  it('refuses a host that does not resolve or takes too long', async () => {
    const failing: LookupAll = () => Promise.reject(new Error('ENOTFOUND'));
    expect(await checkOutboundHost('nowhere.invalid', denyPrivate(failing))).toEqual({
      ok: false,
      reason: 'host nowhere.invalid could not be resolved',
    });
    const hanging: LookupAll = () => new Promise(() => undefined);
    const check = await checkOutboundHost('slow.example.com', { ...denyPrivate(hanging), timeoutMs: 10 });
    expect(check.ok).toBe(false);
  });

  it('allows anything, without resolving, when private targets are allowed', async () => {
    const lookup = jest.fn<ReturnType<LookupAll>, Parameters<LookupAll>>();
    expect(await checkOutboundUrl('http://localhost:3000/', { allowPrivateTargets: true, lookup })).toEqual({
      ok: true,
      addresses: [],
    });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('resolves localhost through the system resolver to a loopback address', async () => {
    const check = await checkOutboundUrl('http://localhost/', { allowPrivateTargets: false });
    expect(check.ok).toBe(false);
  });
});
