import { randomBytes } from 'node:crypto';
import type { PortalSession } from './portal-session';

// 128 random bits, base64url: no two page loads share a key.
const FORM_KEY = /^[A-Za-z0-9_-]{22}$/;

/**
 * A one-time key for a form that makes something (a purchase): each page load renders a new one, and a repeat of
 * that form (a double click, a reload of the post) carries the same one, so the action it names happens once.
 */
export function newFormKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The request key a form's key stands for: scoped to the session, so a key seen in one session does nothing in
 * another. Undefined for anything that is not a form key.
 */
export function formRequestKey(session: PortalSession, formKey: unknown): string | undefined {
  if (typeof formKey !== 'string' || !FORM_KEY.test(formKey)) return undefined;
  return `portal:${session.id}:${formKey}`;
}
