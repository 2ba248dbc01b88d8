import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  /** The authenticated user, when the client logged in. */
  user: unknown;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  messages: ReceivedMessage[];
  /** The user name of every AUTH the server received, accepted or not. */
  logins: string[];
  close: () => Promise<void>;
}

const smtpError = (message: string, responseCode: number): Error => Object.assign(new Error(message), { responseCode });

/**
 * A real SMTP server on a loopback port that keeps every message it accepts. Plain text (no STARTTLS on offer, so
 * nodemailer talks plain SMTP as to a local relay, and logs in only when SMTP_ALLOW_INSECURE_AUTH allows it); login
 * optional, checked against `login` when given; `rejectRecipients` answers every RCPT TO with 550.
 */
export async function startTestSmtpServer(
  options: { login?: { user: string; password: string }; rejectRecipients?: boolean } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedMessage[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const { login } = options;
      logins.push(auth.username ?? '');
      if (login !== undefined && auth.username === login.user && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else callback(smtpError('Invalid username or password', 535));
    },
    onRcptTo(_address, _session, callback) {
      callback(options.rejectRecipients === true ? smtpError('No such user here', 550) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        messages.push({ user: session.user, to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  return { port, messages, logins, close };
}
