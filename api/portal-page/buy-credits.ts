import type { Context } from 'koa';
import { parseCredits, type CreditUnits } from '../../domain/wallets';
import { tenantSql } from '../../infra/db/tenant-sql';
import { buyPortalCredits } from '../../services/portal/customer-portal';
import { formRequestKey } from '../../services/portal/sessions';
import { AppError } from '../../services/platform/errors';
import { answerWithMessage } from './page-answers';
import { backToPage, readPostedForm, sendToCheckout } from './page-actions';
import type { PageDeps } from './page-deps';
import { businessTime } from '../../services/test-clocks/business-time';

const BAD_CREDITS = {
  heading: 'Credits: enter a number above 0',
  message: 'Credits take up to 5 decimals, e.g. 100 or 12.5. Go back to the billing page and try again.',
};

/** The credits a form asks for: a positive number with up to 5 decimals; undefined for anything else. */
function creditsOf(form: URLSearchParams): CreditUnits | undefined {
  const raw = form.get('credits')?.trim() ?? '';
  if (!/^\d+(\.\d+)?$/.test(raw)) return undefined;
  const parsed = parseCredits(raw);
  return parsed.ok && parsed.value > 0n ? parsed.value : undefined;
}

/**
 * `POST /portal/wallet/credits` (when the tenant allows top-ups): paid credits sold on a credit-purchase invoice
 * through the wallet's own use case, then that invoice's checkout as the Pay button's; without a provider for its
 * currency, back to the page, where the invoice is listed. The form's one-time key makes a double submit buy once
 * and reach the same checkout.
 */
export async function buyCredits(page: PageDeps, ctx: Context): Promise<void> {
  const posted = await readPostedForm(page, ctx, 'allowTopUp');
  if (posted === undefined) return;
  const { session, form } = posted;
  const credits = creditsOf(form);
  const requestKey = formRequestKey(session, form.get('key'));
  if (credits === undefined || requestKey === undefined) {
    answerWithMessage(ctx, 400, BAD_CREDITS);
    return;
  }
  let invoiceId: string;
  try {
    const sql = tenantSql(page.app.orm, session.tenantId);
    const now = await businessTime(page.app.clock).ofCustomer(sql, session.customerId);
    const request = { customerId: session.customerId, credits, requestKey, now };
    ({ invoiceId } = await buyPortalCredits(sql, request));
  } catch (error: unknown) {
    if (!(error instanceof AppError) || error.kind === 'unavailable') throw error;
    if (error.kind === 'invalid') answerWithMessage(ctx, 400, BAD_CREDITS);
    else backToPage(ctx, 'credits-unavailable');
    return;
  }
  await sendToCheckout(page, ctx, { session, invoiceId, unavailable: 'credits-invoiced' });
}
