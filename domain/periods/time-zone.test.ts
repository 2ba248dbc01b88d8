import { billingTimeZone, parseTimeZone } from './time-zone';

describe('parseTimeZone', () => {
  it.each([
    ['America/New_York', 'America/New_York'],
    ['america/new_york', 'America/New_York'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['UTC', 'UTC'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['America/Port-au-Prince', 'America/Port-au-Prince'],
    ['Australia/Lord_Howe', 'Australia/Lord_Howe'],
  ])('accepts the IANA zone %s as %s', (input, zone) => {
    expect(parseTimeZone(input)).toEqual({ ok: true, value: zone });
  });

  it.each(['Mars/Olympus', '', '+05:00', '-0300', 'UTC+3', 'EST5EDT6', 'America/New York'])('rejects %j', (input) => {
    expect(parseTimeZone(input)).toMatchObject({ ok: false, error: { code: 'invalid_time_zone' } });
  });
});

describe('billingTimeZone', () => {
  it.each([
    [{ customer: 'Europe/Berlin', tenant: 'UTC' }, 'Europe/Berlin'],
    [{ customer: 'America/New_York', tenant: 'Asia/Tokyo' }, 'America/New_York'],
    [{ customer: null, tenant: 'Asia/Tokyo' }, 'Asia/Tokyo'],
    [{ customer: null, tenant: 'UTC' }, 'UTC'],
  ])('bills %j in %s', (zones, zone) => {
    expect(billingTimeZone(zones)).toBe(zone);
  });
});
