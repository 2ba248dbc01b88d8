import type { TenantId } from '../../../domain/ids';
import type { Config } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { createSmtpMailer, type Mailer, type SmtpConnectionPolicy, type SmtpSettings } from '../../../infra/mail';
import { checkOutboundHost } from '../../../infra/net/address-policy';
import { invalid, type AppError } from '../errors';
import { openSmtpSettings, type StoredSmtpSettings } from './smtp-settings';
import { findTenantDetails, tenantNotFound } from './tenant-details';

export type SmtpTestConfig = Pick<Config, 'encryptionKey' | 'webhookAllowPrivateTargets' | 'smtpAllowInsecureAuth'>;

/**
 * Connect to the checked address, not a fresh DNS answer (none when private targets skip the lookup); log in only
 * over TLS unless SMTP_ALLOW_INSECURE_AUTH.
 */
const connectionPolicy = (addresses: readonly string[], config: SmtpTestConfig): SmtpConnectionPolicy => ({
  allowInsecureAuth: config.smtpAllowInsecureAuth,
  ...(addresses[0] === undefined ? {} : { connectTo: addresses[0] }),
});

/** CONTRACT §6: the test answers 400 whenever no server accepted the message, here because there is none to try. */
const smtpNotConfigured = (): AppError =>
  invalid(
    'smtp_not_configured',
    'SMTP test failed: the tenant has no SMTP settings of its own; set them with PATCH /tenants/me { smtp } first',
  );

const smtpFailed = (reason: string): AppError => invalid('smtp_failed', `SMTP test failed: ${reason}`);

/**
 * Sends one test message through the tenant's SMTP settings; resolves with what to tell the tenant. Without settings
 * it is `smtp_not_configured`, a 400 like every other failed test (the platform's server is never tried).
 */
export async function testTenantSmtp(options: {
  orm: Orm;
  tenantId: TenantId;
  to: string;
  config: SmtpTestConfig;
}): Promise<string> {
  const tenant = await findTenantDetails(options.orm, options.tenantId);
  if (tenant === undefined) throw tenantNotFound();
  if (tenant.smtp === null) throw smtpNotConfigured();
  return sendSmtpTestMessage({
    tenantId: options.tenantId,
    smtp: tenant.smtp,
    companyName: tenant.companyName,
    to: options.to,
    config: options.config,
  });
}

/**
 * A mailer through the tenant's own server, or why there is none. The host was checked when it was saved; it is
 * checked again because its DNS answer may have changed since, and the connection goes to the address checked.
 * Used by the SMTP test and by invoice e-mails (services/payments/collections).
 */
export async function openTenantMailer(options: {
  tenantId: TenantId;
  smtp: StoredSmtpSettings;
  config: SmtpTestConfig;
}): Promise<{ ok: true; mailer: Mailer } | { ok: false; reason: string }> {
  const { smtp, config } = options;
  const target = await checkOutboundHost(smtp.host, { allowPrivateTargets: config.webhookAllowPrivateTargets });
  if (!target.ok) return { ok: false, reason: target.reason };
  let settings: SmtpSettings;
  try {
    settings = openSmtpSettings(smtp, { tenantId: options.tenantId, encryptionKey: config.encryptionKey });
  } catch {
    return {
      ok: false,
      reason:
        'the stored SMTP password can no longer be decrypted (ENCRYPTION_KEY changed, or it was not sealed for this ' +
        'tenant); set it again with PATCH /tenants/me',
    };
  }
  return { ok: true, mailer: createSmtpMailer(settings, connectionPolicy(target.addresses, config)) };
}

/**
 * Sends one test message through the tenant's own server and resolves with what to tell the tenant; a refusal (no
 * connection, failed login, rejected sender or recipient) is an `smtp_failed` refusal carrying the server's answer, which
 * is safe to show: the tenant configured that server.
 */
async function sendSmtpTestMessage(options: {
  tenantId: TenantId;
  smtp: StoredSmtpSettings;
  companyName: string;
  to: string;
  config: SmtpTestConfig;
}): Promise<string> {
  const { smtp, to } = options;
  const opened = await openTenantMailer(options);
  if (!opened.ok) throw smtpFailed(opened.reason);
  try {
    await opened.mailer.send({
      to,
      subject: `SMTP test for ${options.companyName}`,
      text: `This message confirms that the SMTP settings of ${options.companyName} on the billing platform work.`,
    });
  } catch (error) {
    throw smtpFailed(error instanceof Error ? error.message : String(error));
  }
  return `Test message to ${to} accepted by ${smtp.host}:${smtp.port}`;
}
