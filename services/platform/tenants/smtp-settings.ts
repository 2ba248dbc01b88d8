import type { TenantId } from '../../../domain/ids';
import { bindSecret, decryptSecret, encryptSecret, type SecretBinding } from '../../../infra/crypto/secret-box';
import type { SmtpSettings } from '../../../infra/mail';

/**
 * What `central.tenants.smtp_settings` holds: the password only sealed with ENCRYPTION_KEY (AES-256-GCM), bound to
 * its tenant, so settings copied into another tenant's row do not open there.
 */
export interface StoredSmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  from: string;
  sealedPassword: string | null;
}

/** A tenant's SMTP settings as PATCH /tenants/me sends them; the password in plain text, for sealing. */
export interface SmtpSettingsInput {
  host: string;
  port: number;
  secure?: boolean;
  user?: string | null;
  password?: string | null;
  from: string;
}

/** A refusal names the field of `smtp` it is about. */
export type SmtpSealResult =
  { ok: true; value: StoredSmtpSettings } | { ok: false; field: 'password' | 'user'; message: string };

/** Whose settings these are: the sealed password opens only for the tenant it was sealed for. */
export interface SmtpSettingsOwner {
  tenantId: TenantId;
  encryptionKey: Buffer;
}

const passwordBinding = (owner: SmtpSettingsOwner): SecretBinding => ({
  key: owner.encryptionKey,
  associatedData: `tenant:${owner.tenantId}:smtp`,
});

const IMPLICIT_TLS_PORT = 465;

/**
 * New settings to store. An omitted password keeps the stored one, but only for the same host and user: otherwise
 * whoever holds the owner's JWT could point the settings at their own server and have it receive the password.
 * A kept password sealed before passwords were bound to their tenant (v1) is sealed again, bound.
 * A password, sent or kept, needs a user: the mailer logs in only with a user, so the password would be stored and
 * never used while the tenant believes its server logs in.
 * `secure` (TLS from the first byte) defaults to true on port 465 only; other ports upgrade with STARTTLS.
 */
export function sealSmtpSettings(options: {
  input: SmtpSettingsInput;
  stored: StoredSmtpSettings | null;
  owner: SmtpSettingsOwner;
}): SmtpSealResult {
  const { input, stored } = options;
  const binding = passwordBinding(options.owner);
  const user = input.user ?? null;
  let sealedPassword: string | null;
  if (input.password === undefined) {
    const sameAccount = stored !== null && sameHost(stored.host, input.host) && stored.user === user;
    if (!sameAccount && stored !== null && stored.sealedPassword !== null) {
      return { ok: false, field: 'password', message: 'is required when the host or user changes' };
    }
    sealedPassword = sameAccount && stored.sealedPassword !== null ? bindSecret(stored.sealedPassword, binding) : null;
  } else {
    sealedPassword = input.password === null ? null : encryptSecret(input.password, binding);
  }
  if (user === null && sealedPassword !== null) {
    return {
      ok: false,
      field: 'user',
      message: 'is required with a password (or clear the password with `password: null`)',
    };
  }
  return {
    ok: true,
    value: {
      host: input.host,
      port: input.port,
      secure: input.secure ?? input.port === IMPLICIT_TLS_PORT,
      user,
      from: input.from,
      sealedPassword,
    },
  };
}

/**
 * Settings ready for `createSmtpMailer`; throws SealedSecretError when the password does not open (ENCRYPTION_KEY
 * changed, or it was sealed for another tenant).
 */
export function openSmtpSettings(stored: StoredSmtpSettings, owner: SmtpSettingsOwner): SmtpSettings {
  return {
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    user: stored.user,
    password: stored.sealedPassword === null ? null : decryptSecret(stored.sealedPassword, passwordBinding(owner)),
    from: stored.from,
  };
}

/** The jsonb column as read back; anything not shaped like stored settings counts as none. */
export function parseStoredSmtpSettings(json: unknown): StoredSmtpSettings | null {
  const value = (typeof json === 'string' ? JSON.parse(json) : json) as Partial<StoredSmtpSettings> | null;
  if (value === null || typeof value !== 'object') return null;
  const { host, port, secure, user, from, sealedPassword } = value;
  if (typeof host !== 'string' || typeof port !== 'number' || typeof from !== 'string') return null;
  return {
    host,
    port,
    secure: secure === true,
    user: typeof user === 'string' ? user : null,
    from,
    sealedPassword: typeof sealedPassword === 'string' ? sealedPassword : null,
  };
}

function sameHost(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
