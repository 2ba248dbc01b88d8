import { Migration } from '@mikro-orm/migrations';
import { cashTriggerFunctions, rebuildCashRollup, WALL_CLOCK_CUSTOMER } from './20261210100000-allow-sandbox-provider';

const COUNTED = `${WALL_CLOCK_CUSTOMER} and provider <> 'SANDBOX'`;
/** A checkout that ran out of time or was canceled (the invoice paid otherwise, or voided) is no failed payment. */
const FAILED = "coalesce(failure_reason, '') not in ('expired', 'canceled')";

/**
 * Payment analytics leave out checkouts that ended unused: FAILED with `failure_reason` `expired` (the checkout ran out
 * of time) or `canceled` (its invoice was paid otherwise or voided). The cash rollup's triggers count only the other
 * failures from now on, and the rollup is counted again from the payments and refunds, so the months already rolled
 * up lose the ended checkouts too (and a later change of such a row takes off nothing it never added).
 */
export class LeaveEndedCheckoutsOutOfPaymentAnalytics extends Migration {
  override name = '20261214100000_leave_ended_checkouts_out_of_payment_analytics';

  override up(): void {
    for (const statement of cashTriggerFunctions({ counted: COUNTED, failed: FAILED })) this.addSql(statement);
    for (const statement of rebuildCashRollup({ counted: COUNTED, failed: FAILED })) this.addSql(statement);
  }

  override down(): void {
    for (const statement of cashTriggerFunctions({ counted: COUNTED })) this.addSql(statement);
    for (const statement of rebuildCashRollup({ counted: COUNTED })) this.addSql(statement);
  }
}
