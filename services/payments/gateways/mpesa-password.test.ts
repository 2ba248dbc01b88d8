import { darajaTimestamp, stkPassword } from './mpesa-password';

describe('Daraja timestamp and STK password', () => {
  it('writes the instant in Nairobi time (UTC+3), rolling over the date and the year', () => {
    expect(darajaTimestamp(new Date('2026-11-26T10:00:00.000Z'))).toBe('20261126130000');
    expect(darajaTimestamp(new Date('2026-12-31T22:30:05.999Z'))).toBe('20270101013005');
    expect(darajaTimestamp(new Date('2026-02-28T21:00:00.000Z'))).toBe('20260301000000');
  });

  it('is base64 of shortcode, passkey and timestamp, in that order', () => {
    const password = stkPassword('174379', 'passkey', '20261126130000');
    expect(Buffer.from(password, 'base64').toString('utf8')).toBe('174379passkey20261126130000');
  });
});
