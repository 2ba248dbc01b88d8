import { unavailable, type AppError } from '../errors';

/** The mail server refused the message or could not be reached: an upstream's answer (502, CONTRACT §12). */
export const emailFailed = (reason: string): AppError =>
  unavailable('email_failed', `The e-mail was not sent: ${reason}`);
