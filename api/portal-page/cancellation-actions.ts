import type { Context } from 'koa';
import { tenantSql } from '../../infra/db/tenant-sql';
import {
  cancelPortalSubscription,
  keepPortalSubscription,
  type PortalSubscriptionRequest,
} from '../../services/portal/customer-portal';
import type { SubscriptionActionContext } from '../../services/billing/subscriptions';
import { AppError } from '../../services/platform/errors';
import { answerWithMessage } from './page-answers';
import { backToPage, readPostedForm } from './page-actions';
import type { PageDeps } from './page-deps';

const SUBSCRIPTION_NOT_FOUND = { heading: 'Subscription not found', message: '' };

type CancellationChange = (context: SubscriptionActionContext, request: PortalSubscriptionRequest) => Promise<unknown>;

/**
 * A cancellation change of the session's customer's own subscription, when the tenant allows cancelling: through the
 * API's subscription use cases (the workflow's updates), then back to the page with `done`. A repeat of a change
 * already made is done too; a change the subscription's state refuses comes back with `refused`.
 */
async function changeCancellation(
  page: PageDeps,
  ctx: Context,
  request: { subscriptionId: string; change: CancellationChange; done: string },
): Promise<void> {
  const posted = await readPostedForm(page, ctx, 'allowCancel');
  if (posted === undefined) return;
  const { session } = posted;
  const context = { sql: tenantSql(page.app.orm, session.tenantId), temporal: page.app.temporal };
  try {
    await request.change(context, { customerId: session.customerId, subscriptionId: request.subscriptionId });
  } catch (error: unknown) {
    if (!(error instanceof AppError)) throw error;
    if (error.kind === 'not_found') answerWithMessage(ctx, 404, SUBSCRIPTION_NOT_FOUND);
    else if (error.kind === 'conflict') backToPage(ctx, 'subscription-unchanged');
    else throw error;
    return;
  }
  backToPage(ctx, request.done);
}

/** `POST /portal/subscriptions/:id/cancel`: cancel at the end of the current period. */
export function cancelAtPeriodEnd(page: PageDeps, ctx: Context, subscriptionId: string): Promise<void> {
  return changeCancellation(page, ctx, { subscriptionId, change: cancelPortalSubscription, done: 'cancel-scheduled' });
}

/** `POST /portal/subscriptions/:id/keep`: take back the cancellation before the period ends. */
export function keepSubscription(page: PageDeps, ctx: Context, subscriptionId: string): Promise<void> {
  return changeCancellation(page, ctx, { subscriptionId, change: keepPortalSubscription, done: 'cancel-undone' });
}
