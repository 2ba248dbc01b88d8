import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends one message or rejects with the SMTP server's error (its text is safe to show the tenant who configured it). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A tenant's own SMTP settings, password already decrypted (it never leaves this process otherwise). */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | null;
  password?: string | null;
  from: string;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The platform's mailer (password reset), from SMTP_URL; `from` is the platform's sender address. */
export function createPlatformMailer(options: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(options.smtpUrl);
  return createSmtpMailer({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    user: url.username === '' ? null : decodeURIComponent(url.username),
    password: url.password === '' ? null : decodeURIComponent(url.password),
    from: options.from,
  });
}

export function createSmtpMailer(settings: SmtpSettings, options: { connectTo?: string } = {}): Mailer {
  const auth =
    settings.user !== undefined && settings.user !== null
      ? { auth: { user: settings.user, pass: settings.password ?? '' } }
      : {};
  // `connectTo`: the address a check approved, so a changed DNS answer (rebinding) is never used; TLS still verifies
  // the certificate against the configured host name.
  const target =
    options.connectTo === undefined ? { host: settings.host } : { host: options.connectTo, servername: settings.host };
  const transport = createTransport({
    ...target,
    port: settings.port,
    secure: settings.secure,
    ...auth,
    ...TIMEOUTS,
  });
  return {
    send: async (message) => {
      await transport.sendMail({ from: settings.from, ...message });
    },
  };
}

/** Used when SMTP_URL is not set: sending is refused with a clear reason, so callers decide how to degrade. */
export function createUnconfiguredMailer(): Mailer {
  return {
    send: () => Promise.reject(new Error('No SMTP server configured (SMTP_URL)')),
  };
}
