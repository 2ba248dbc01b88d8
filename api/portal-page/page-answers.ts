import type { Context } from 'koa';
import { renderTemplate } from './templates';

export interface PageMessage {
  heading: string;
  message: string;
}

/** The one answer for every refused session: it names no tenant, no customer, and no reason an attacker could use. */
export const UNAUTHORIZED: PageMessage = {
  heading: 'This link has expired or is not valid',
  message: 'Ask for a new link to see your billing.',
};
export const NOT_FOUND: PageMessage = { heading: 'Page not found', message: '' };
export const FAILED: PageMessage = { heading: 'Something went wrong', message: 'Please try again in a moment.' };

/** A plain HTML page with a heading and a sentence: the page's errors, never JSON and never data. */
export function answerWithMessage(ctx: Context, status: number, content: PageMessage): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = renderTemplate('error', { lang: 'en', title: content.heading, ...content });
}

// A Map, not an object literal: a code from the URL must never reach Object.prototype.
const NOTICES: ReadonlyMap<string, string> = new Map([
  ['paid', 'Thank you. Your payment is being confirmed; this page shows it as soon as the provider does.'],
  ['payment-started', 'Your payment has started: confirm it on your phone.'],
  ['payment-unavailable', 'Online payment is not available for this invoice right now. Please contact us.'],
  ['credits-invoiced', 'Your credits are on a new invoice, listed below with its PDF.'],
  ['cancel-scheduled', 'Your subscription ends at the end of its current period. You can keep it until then.'],
  ['cancel-undone', 'Your subscription continues: it renews as before.'],
  ['plan-changed', 'Your plan has changed. Any proration is on the invoice listed below.'],
  ['plan-change-scheduled', 'Your plan changes at the end of the current period.'],
  ['subscription-unchanged', 'This subscription cannot be changed that way now.'],
  ['credits-unavailable', 'Credits cannot be bought for this wallet. Please contact us.'],
]);

/** The page's notice for a `?notice=` code: only these fixed sentences, so the URL can never put text on the page. */
export function noticeOf(code: unknown): string | undefined {
  return typeof code === 'string' ? NOTICES.get(code) : undefined;
}
