import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import type { Logger } from '../../infra/logger';
import { forgetContradictedNotification } from '../../services/payments/notifications';
import type { PaymentNotificationRef } from '../../workflows/payments/wire';

export interface PaymentEventActivityDependencies {
  orm: Orm;
  logger: Logger;
}

/** The stored provider notifications (`payment_events`) as the payment workflow changes them. */
export function createPaymentEventActivities(deps: PaymentEventActivityDependencies) {
  return {
    /**
     * A notification the provider's API contradicted stops counting as received (removed from `payment_events`), so
     * the provider's genuine notification with the same event id is taken. Idempotent: false once it is gone.
     */
    async forgetPaymentNotification(input: PaymentNotificationRef): Promise<boolean> {
      const forgotten = await forgetContradictedNotification(tenantSql(deps.orm, input.tenantId), {
        paymentId: input.paymentId,
        eventId: input.eventId,
      });
      deps.logger.info(
        { tenantId: input.tenantId, paymentId: input.paymentId, eventId: input.eventId, forgotten },
        'contradicted notification forgotten',
      );
      return forgotten;
    },
  };
}
