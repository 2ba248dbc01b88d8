import { conflict, unavailable, type AppError } from '../../platform/errors';

/** The mail server refused the message or could not be reached: an upstream's answer (502, CONTRACT §12). */
export const emailFailed = (reason: string): AppError =>
  unavailable('email_failed', `The e-mail was not sent: ${reason}`);

/** A recipient other than the customer's stored address needs the tenant's own mail server (409, CONTRACT §12). */
export const smtpNotConfigured = (): AppError =>
  conflict(
    'smtp_not_configured',
    "Without SMTP settings of its own, a tenant's invoice e-mail goes only to the customer's stored address: " +
      "configure the tenant's own SMTP settings to send it to another address",
  );
