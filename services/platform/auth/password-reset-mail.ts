import type { Config } from '../../../infra/config';
import type { Mailer } from '../../../infra/mail';

/**
 * The front-end page the e-mailed link opens: it asks for the new password and posts it, with the token from the
 * query, to POST /api/auth/reset-password. Built from PUBLIC_URL (CONTRACT §6).
 */
export const RESET_PASSWORD_PAGE = '/reset-password';

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
}

/** Sends the reset link through the platform mailer (SMTP_URL); rejects with the SMTP error. */
export async function sendPasswordResetMail(options: {
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  to: string;
  token: string;
}): Promise<void> {
  const link = passwordResetLink(options.config.publicUrl, options.token);
  await options.mailer.send({
    to: options.to,
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your billing account.',
      '',
      `Choose a new password here (the link works once, for one hour):`,
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: [
      '<p>Someone asked to reset the password of your billing account.</p>',
      `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p>`,
      '<p>If it was not you, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n'),
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
