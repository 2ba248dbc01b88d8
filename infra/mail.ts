import { createTransport } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  /** Where replies go instead of the sender (`from`); see `mailerOnBehalfOf`. */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
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

/** How a mailer may reach its server. */
export interface SmtpConnectionPolicy {
  /** The address a check approved, connected to instead of resolving the host again. */
  connectTo?: string;
  /** SMTP_ALLOW_INSECURE_AUTH: log in over plain text when the server offers no STARTTLS (development, tests). */
  allowInsecureAuth: boolean;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The platform's mailer (password reset), from SMTP_URL; `from` is the platform's sender address. */
export function createPlatformMailer(options: { smtpUrl: string; from: string; allowInsecureAuth: boolean }): Mailer {
  const url = new URL(options.smtpUrl);
  const settings = {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    user: url.username === '' ? null : decodeURIComponent(url.username),
    password: url.password === '' ? null : decodeURIComponent(url.password),
    from: options.from,
  };
  return createSmtpMailer(settings, { allowInsecureAuth: options.allowInsecureAuth });
}

/**
 * A mailer for `settings`. With a login and without TLS from the first byte (`secure`), the connection must be
 * upgraded with STARTTLS before AUTH (nodemailer's `requireTLS`): otherwise a server that offers no STARTTLS, or
 * anyone on the path who strips the offer, would receive the password in plain text. `allowInsecureAuth` lifts it.
 */
export function createSmtpMailer(settings: SmtpSettings, policy: SmtpConnectionPolicy): Mailer {
  const login =
    settings.user === undefined || settings.user === null
      ? null
      : { user: settings.user, pass: settings.password ?? '' };
  const requireTLS = login !== null && !settings.secure && !policy.allowInsecureAuth;
  // `connectTo`: the address a check approved, so a changed DNS answer (rebinding) is never used; TLS still verifies
  // the certificate against the configured host name.
  const target =
    policy.connectTo === undefined ? { host: settings.host } : { host: policy.connectTo, servername: settings.host };
  const transport = createTransport({
    ...target,
    port: settings.port,
    secure: settings.secure,
    requireTLS,
    ...(login === null ? {} : { auth: login }),
    ...TIMEOUTS,
  });
  return {
    send: async (message) => {
      try {
        await transport.sendMail({
          from: settings.from,
          ...message,
          attachments: message.attachments?.map((a) => ({ ...a })),
        });
      } catch (error) {
        throw requireTLS && isRefusedStartTls(error) ? startTlsRequired(error) : error;
      }
    },
  };
}

type SmtpError = Error & { code?: unknown; response?: unknown };

/** nodemailer's failure when the server answered STARTTLS with an error (it offers none), not a failed handshake. */
function isRefusedStartTls(error: unknown): error is SmtpError & { response: string } {
  return (
    error instanceof Error && (error as SmtpError).code === 'ETLS' && typeof (error as SmtpError).response === 'string'
  );
}

function startTlsRequired(error: SmtpError & { response: string }): Error {
  return new Error(
    `The server did not upgrade the connection with STARTTLS (it answered: ${error.response}); the password is ` +
      'only sent over TLS: use a server that offers STARTTLS, or TLS from the first byte (secure, usually port 465)',
    { cause: error },
  );
}

/**
 * The platform's mailer sending for a tenant (invoice e-mail, dunning reminders): the From stays the platform's
 * sender, the only address its server may send as (a tenant's domain would fail SPF and DMARC there), and replies go
 * to `replyTo`, the tenant's e-mail address, which the mail's closing invites the customer to reply to.
 */
export function mailerOnBehalfOf(mailer: Mailer, replyTo: string): Mailer {
  return { send: (message) => mailer.send({ replyTo, ...message }) };
}

/** There is no mail server to send through: nothing was tried, and trying again changes nothing until one is set. */
export class MailNotConfiguredError extends Error {
  constructor() {
    super('No SMTP server configured (SMTP_URL)');
    this.name = 'MailNotConfiguredError';
  }
}

/** Used when SMTP_URL is not set: sending is refused with a clear reason, so callers decide how to degrade. */
export function createUnconfiguredMailer(): Mailer {
  return {
    send: () => Promise.reject(new MailNotConfiguredError()),
  };
}

/** The platform's sender address, on the public host: `Billing Platform <no-reply@billing.example.com>`. */
export function platformSenderOf(publicUrl: string): string {
  return `Billing Platform <no-reply@${new URL(publicUrl).hostname}>`;
}

/** The platform's mailer from its configuration (SMTP_URL), or one that refuses with the reason when it is unset. */
export function platformMailerOf(config: {
  smtpUrl: string | null;
  publicUrl: string;
  smtpAllowInsecureAuth: boolean;
}): Mailer {
  if (config.smtpUrl === null) return createUnconfiguredMailer();
  return createPlatformMailer({
    smtpUrl: config.smtpUrl,
    from: platformSenderOf(config.publicUrl),
    allowInsecureAuth: config.smtpAllowInsecureAuth,
  });
}
