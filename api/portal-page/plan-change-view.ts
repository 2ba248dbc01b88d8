import { presentMajorUnits, toCurrencyCode } from '../../domain/money';
import type { PlanChangePreview } from '../../domain/subscriptions';
import type { PlanOption } from '../../services/portal/customer-portal';
import type { SubscriptionRecord } from '../../services/billing/subscriptions';
import type { PageFormat } from './intl-format';

/** The plan-change preview as display strings (the template only places them). */
export interface PlanChangeView {
  subscriptionId: string;
  planId: string;
  planName: string;
  price: string;
  /** When the change happens, in a sentence. */
  when: string;
  now: { description: string; amount: string }[];
  totalNow: string;
  credited: string | undefined;
  atPeriodEnd: { description: string; amount: string }[];
}

export function toPlanChangeView(
  input: { subscription: SubscriptionRecord; option: PlanOption; preview: PlanChangePreview | undefined },
  format: PageFormat,
): PlanChangeView {
  const { subscription, option, preview } = input;
  const currency = toCurrencyCode(subscription.currency);
  const money = (amount: bigint) => format.money(presentMajorUnits({ amount, currency }), currency);
  const lines = (list: PlanChangePreview['now']) =>
    list.map((line) => ({ description: line.description, amount: money(line.amountMinor) }));
  const periodEnd = format.date(subscription.currentPeriodEnd);
  const when =
    preview?.effective === 'now'
      ? 'The change applies now, for the rest of the current period.'
      : `The change applies at the end of the current period (${periodEnd}); nothing is billed now.`;
  return {
    subscriptionId: subscription.id,
    planId: option.plan.id,
    planName: option.plan.name,
    price: money(option.amountMinor),
    when,
    now: lines(preview?.now ?? []),
    totalNow: money(preview?.totalNowMinor ?? 0n),
    credited: preview === undefined || preview.creditedMinor === 0n ? undefined : money(preview.creditedMinor),
    atPeriodEnd: lines(preview?.atPeriodEnd ?? []),
  };
}
