import { startTestSmtpServer, type TestSmtpServer } from '../test/fakes/smtp-server';
import { createSmtpMailer, type SmtpSettings } from './mail';

describe('createSmtpMailer (real SMTP to a local server)', () => {
  const LOGIN = { user: 'mailer', password: 'smtp-password-42' };
  let server: TestSmtpServer;
  beforeAll(async () => {
    server = await startTestSmtpServer({ login: LOGIN });
  });
  afterAll(() => server.close());

  // `.invalid` never resolves (RFC 2606): only a pinned address can reach the server under this name.
  const settings = (): SmtpSettings => ({
    host: 'mail.tenant.invalid',
    port: server.port,
    secure: false,
    from: 'billing@tenant.example',
  });
  const withLogin = (): SmtpSettings => ({ ...settings(), user: LOGIN.user, password: LOGIN.password });
  const pinned = { connectTo: '127.0.0.1', allowInsecureAuth: false };
  const message = { to: 'ap@customer.example', subject: 'Pinned', text: 'Sent to the checked address.' };

  test('connects to the pinned address without resolving the configured name', async () => {
    const before = server.messages.length;
    await createSmtpMailer(settings(), pinned).send(message);

    expect(server.messages).toHaveLength(before + 1);
    expect(server.messages.at(-1)?.to).toEqual(['ap@customer.example']);
  });

  test('without a pinned address the configured name is resolved, and this one does not resolve', async () => {
    await expect(createSmtpMailer(settings(), { allowInsecureAuth: false }).send(message)).rejects.toThrow(
      /ENOTFOUND|EAI_AGAIN|getaddrinfo/,
    );
  });

  test('never logs in over plain text: a server that offers no STARTTLS does not get the password', async () => {
    const before = { messages: server.messages.length, logins: server.logins.length };

    await expect(createSmtpMailer(withLogin(), pinned).send(message)).rejects.toThrow(
      /^The server did not upgrade the connection with STARTTLS \(it answered: 5\d\d .*\); the password is only sent over TLS/,
    );
    expect(server.logins).toHaveLength(before.logins);
    expect(server.messages).toHaveLength(before.messages);
  });

  test('logs in over plain text when the operator allows it (SMTP_ALLOW_INSECURE_AUTH, development and tests)', async () => {
    await createSmtpMailer(withLogin(), { ...pinned, allowInsecureAuth: true }).send(message);

    expect(server.logins.at(-1)).toBe(LOGIN.user);
    expect(server.messages.at(-1)?.user).toBe(LOGIN.user);
  });
});
