import { ApplicationFailure } from '@temporalio/activity';
import { toCurrencyCode } from '../../domain/money';
import type { Config } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import type { Logger } from '../../infra/logger';
import { wallClock } from '../../infra/wall-clock';
import { findCustomerTestClock } from '../../services/catalog/customers';
import {
  createProviderCheckout,
  endProviderCheckout,
  recordedCheckout,
  type EndedCheckout,
} from '../../services/payments/checkout';
import { settleProviderPayment } from '../../services/payments/settlement';
import { GatewayError, verifyPaymentWithProvider, type GatewayFactory } from '../../services/payments/gateways';
import { failProviderPayment, findPayment } from '../../services/payments/records';
import { applyRefundNotification, checkRefundClaim } from '../../services/payments/refunds';
import type { CheckoutState } from '../../workflows/payments/messages';
import type {
  FailInput,
  PaymentRef,
  RefundNotificationInput,
  RefundResultOutcome,
  PaymentSnapshot,
  SettleInput,
  SettleResult,
  VerificationResult,
} from '../../workflows/payments/wire';

export interface PaymentActivityDependencies {
  orm: Orm;
  logger: Logger;
  config: Pick<Config, 'encryptionKey' | 'webhookAllowPrivateTargets' | 'apiPublicUrl'>;
  createGateway: GatewayFactory;
}

/** A provider refusal that retrying cannot change: the workflow treats the verification as inconclusive. */
export const PROVIDER_REFUSED = 'ProviderRefused';

export function createPaymentActivities(deps: PaymentActivityDependencies) {
  const { orm, logger } = deps;
  const access = { config: deps.config, createGateway: deps.createGateway, clock: wallClock };
  const sqlOf = (ref: PaymentRef) => tenantSql(orm, ref.tenantId);

  return {
    /** The payment as the workflow starts on it; null when it does not exist. */
    async loadPaymentSnapshot(ref: PaymentRef): Promise<PaymentSnapshot | null> {
      const payment = await findPayment(sqlOf(ref), ref.paymentId);
      if (payment === undefined) return null;
      const clock = await findCustomerTestClock(sqlOf(ref), payment.customerId);
      return {
        status: payment.status,
        provider: payment.provider,
        checkout: recordedCheckout(payment),
        expiresAt: payment.expiresAt?.toISOString() ?? null,
        testClock: clock === undefined ? null : { clockId: clock.id, frozenTime: clock.frozenTime.toISOString() },
      };
    },

    /** Asks the provider for the checkout and records it; a refusal fails the payment and is the answer. */
    async createPaymentCheckout(input: PaymentRef & { at: string }): Promise<CheckoutState> {
      const state = await createProviderCheckout({ ...access, apiPublicUrl: deps.config.apiPublicUrl }, sqlOf(input), {
        paymentId: input.paymentId,
        now: new Date(input.at),
      });
      logger.info({ tenantId: input.tenantId, paymentId: input.paymentId, state: state.state }, 'payment checkout');
      return state;
    },

    /** Ends the provider's checkout of a payment our side canceled (void, mark-paid), where the provider can. */
    async endCanceledCheckout(ref: PaymentRef): Promise<EndedCheckout> {
      try {
        const ended = await endProviderCheckout(access, sqlOf(ref), ref.paymentId);
        logger.info({ tenantId: ref.tenantId, paymentId: ref.paymentId, ended }, 'canceled checkout');
        return ended;
      } catch (error) {
        if (error instanceof GatewayError && !error.retryable) {
          throw ApplicationFailure.nonRetryable(error.message, PROVIDER_REFUSED);
        }
        throw error;
      }
    },

    /** The provider's own answer on the payment (never a notification's body). */
    async verifyProviderPayment(input: PaymentRef & { at: string }): Promise<VerificationResult> {
      try {
        const verified = await verifyPaymentWithProvider(access, sqlOf(input), input.paymentId);
        logger.info({ tenantId: input.tenantId, paymentId: input.paymentId, status: verified.status }, 'verified');
        if (verified.status !== 'succeeded') return verified.status === 'failed' ? verified : { status: 'pending' };
        return { ...verified, amountMinor: verified.amountMinor.toString() };
      } catch (error) {
        if (error instanceof GatewayError && !error.retryable) {
          throw ApplicationFailure.nonRetryable(error.message, PROVIDER_REFUSED);
        }
        throw error;
      }
    },

    /**
     * Applies a confirmed payment (idempotent: a second report of the same success changes nothing). The invoice's
     * subscription's standing follows through billing's standing port, after the commit, on a repeat report too.
     */
    async applyProviderPayment(input: SettleInput): Promise<SettleResult> {
      const outcome = await settleProviderPayment(sqlOf(input), {
        paymentId: input.paymentId,
        amountMinor: BigInt(input.amountMinor),
        currency: toCurrencyCode(input.currency),
        providerReference: input.providerReference,
        now: new Date(input.at),
      });
      logger.info({ tenantId: input.tenantId, paymentId: input.paymentId, outcome: outcome.outcome }, 'settlement');
      switch (outcome.outcome) {
        case 'applied':
          return {
            outcome: 'applied',
            invoiceId: outcome.invoiceId,
            invoicePaid: outcome.invoicePaid,
            subscriptionId: outcome.subscriptionId,
            creditedMinor: outcome.creditedMinor.toString(),
          };
        case 'mismatch':
          return { outcome: 'mismatch', reason: outcome.reason };
        case 'already_settled':
        case 'not_found':
          return { outcome: outcome.outcome };
      }
    },

    /**
     * A provider's refund result, checked through the provider's refund API where it has one, then applied once to
     * the payment's refund it names (refunds service). `contradicted`: the API reports otherwise, nothing applied.
     * Runs recorded before the check returned true (applied) or false.
     */
    async applyRefundResult(input: RefundNotificationInput): Promise<RefundResultOutcome> {
      const sql = sqlOf(input);
      const notification = {
        paymentId: input.paymentId,
        refundId: input.refundId,
        providerRefundId: input.providerRefundId,
        amountMinor: input.amountMinor == null ? null : BigInt(input.amountMinor),
        outcome: input.outcome,
        failureReason: input.failureReason,
        now: new Date(input.at),
      };
      const check = await checkRefundClaim({ ...access, sql }, notification);
      const ref = { tenantId: input.tenantId, paymentId: input.paymentId };
      if (check === 'contradicted') {
        logger.info({ ...ref, refundId: input.refundId, check }, 'refund result contradicted by the provider');
        return 'contradicted';
      }
      const result = await applyRefundNotification(sql, { ...notification, verified: check === 'confirmed' });
      if (result.applied && !result.changed && result.refund.status === 'SUCCEEDED' && input.outcome === 'failed') {
        // Unverifiable failure after success (no refund-status API): not believed; an operator checks the provider.
        logger.warn({ ...ref, refundId: result.refund.id, check }, 'unverified refund failure after success ignored');
      }
      logger.info({ ...ref, applied: result.applied, check }, 'refund result');
      return result.applied && result.changed ? 'applied' : 'unchanged';
    },

    /** PENDING → FAILED with the reason (a no-op on any other status); `payment.failed` unless it merely expired. */
    async recordPaymentFailure(input: FailInput): Promise<boolean> {
      const sql = sqlOf(input);
      const failed = await sql.transactional((transaction) =>
        failProviderPayment(sql, transaction, {
          paymentId: input.paymentId,
          reason: input.reason,
          now: new Date(input.at),
          notify: input.notify,
        }),
      );
      return failed !== undefined;
    },
  };
}
