import { clientNetworkKey } from './client-network';

describe('clientNetworkKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:0DB8:00aa:00bb:ffff::1', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientNetworkKey(ip)).toBe(key);
  });

  it('puts every address of one IPv6 /64 in one bucket and neighbouring networks in others', () => {
    expect(clientNetworkKey('2001:db8:1:2:aaaa::1')).toBe(clientNetworkKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientNetworkKey('2001:db8:1:2::1')).not.toBe(clientNetworkKey('2001:db8:1:3::1'));
  });
});
