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
