import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server';
import { createSmtpMailer, type SmtpSettings } from './mail';

describe('createSmtpMailer (real SMTP to a local server)', () => {
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer();
  });
  afterAll(() => server.close());

  // `.invalid` never resolves (RFC 2606): only a pinned address can reach the server under this name.
  const settings = (): SmtpSettings => ({
    host: 'mail.tenant.invalid',
    port: server.port,
    secure: false,
    from: 'billing@tenant.example',
  });
  const message = { to: 'ap@customer.example', subject: 'Pinned', text: 'Sent to the checked address.' };

  test('connects to the pinned address without resolving the configured name', async () => {
    await createSmtpMailer(settings(), { connectTo: '127.0.0.1' }).send(message);

    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]?.to).toEqual(['ap@customer.example']);
  });

  test('without a pinned address the configured name is resolved, and this one does not resolve', async () => {
    await expect(createSmtpMailer(settings()).send(message)).rejects.toThrow(/ENOTFOUND|EAI_AGAIN|getaddrinfo/);
  });
});
