import type { Context } from 'koa';
import { tenantSql } from '../../infra/db/tenant-sql';
import { changePortalPlan, findSessionCustomer, previewPortalPlanChange } from '../../services/portal/customer-portal';
import { csrfTokenFor } from '../../services/portal/sessions';
import { AppError } from '../../services/platform/errors';
import { readBillingTimeZone } from '../../services/billing/subscriptions';
import { pageFormat, supportedLocale } from './intl-format';
import { answerWithMessage, UNAUTHORIZED } from './page-answers';
import { backToPage, NOT_ALLOWED, readPostedForm } from './page-actions';
import { sessionOf, type PageDeps } from './page-deps';
import { toPlanChangeView } from './plan-change-view';
import { renderTemplate } from './templates';
import { businessTime } from '../../services/test-clocks/business-time';

const NOT_OFFERED = {
  heading: 'Plan not available',
  message: 'Go back to the billing page and pick a plan offered there.',
};

/** A service refusal as the page shows it: unknown or not offered is 404, a state that refuses it goes back. */
function answerRefusal(ctx: Context, error: unknown): void {
  if (!(error instanceof AppError)) throw error;
  if (error.kind === 'not_found') answerWithMessage(ctx, 404, NOT_OFFERED);
  else if (error.kind === 'conflict') backToPage(ctx, 'subscription-unchanged');
  else throw error;
}

/**
 * `GET /portal/subscriptions/:id/plan-change?planId=…` (when the tenant allows plan changes): what the change will
 * bill, by the domain's proration, and the form that confirms it. Reading it changes nothing.
 */
export async function showPlanChangePreview(page: PageDeps, ctx: Context, subscriptionId: string): Promise<void> {
  const session = sessionOf(page, ctx);
  const acting = session && (await findSessionCustomer(page.app.orm, session));
  if (session === undefined || acting === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  if (!acting.allowed.allowPlanChange) {
    answerWithMessage(ctx, 403, NOT_ALLOWED);
    return;
  }
  const sql = tenantSql(page.app.orm, session.tenantId);
  const planId = typeof ctx.query.planId === 'string' ? ctx.query.planId : '';
  try {
    const now = await businessTime(page.app.clock).ofCustomer(sql, session.customerId);
    const request = { customerId: session.customerId, subscriptionId, planId, now };
    const preview = await previewPortalPlanChange(sql, { ...request, offeredPlanIds: acting.allowed.planIds });
    const locale = supportedLocale(session.locale);
    const timeZone = await readBillingTimeZone(sql, session.customerId);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = renderTemplate('plan-change', {
      lang: locale,
      title: `Change plan · ${preview.option.plan.name}`,
      companyName: acting.companyName,
      view: toPlanChangeView(preview, pageFormat({ locale, timeZone })),
      csrf: csrfTokenFor(page.keys, session),
    });
  } catch (error: unknown) {
    answerRefusal(ctx, error);
  }
}

/** `POST /portal/subscriptions/:id/change-plan`: the change the preview showed, through the API's use case. */
export async function changePlan(page: PageDeps, ctx: Context, subscriptionId: string): Promise<void> {
  const posted = await readPostedForm(page, ctx, 'allowPlanChange');
  if (posted === undefined) return;
  const { session, form, acting } = posted;
  const planId = form.get('planId') ?? '';
  const context = { sql: tenantSql(page.app.orm, session.tenantId), temporal: page.app.temporal };
  try {
    const request = { customerId: session.customerId, subscriptionId, planId, offeredPlanIds: acting.allowed.planIds };
    const changed = await changePortalPlan(context, request);
    backToPage(ctx, changed.planId === planId ? 'plan-changed' : 'plan-change-scheduled');
  } catch (error: unknown) {
    answerRefusal(ctx, error);
  }
}
