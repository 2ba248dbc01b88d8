import type { Orm } from '../../../../infra/db/orm';
import type { Logger } from '../../../../infra/logger';
import { relayOutbox, type RelayReport, type WebhookDeliveryStarter } from '../outbox-relay';
import { subscribeToOutbox, type OutboxSubscription } from './outbox-notifications';

export interface OutboxRelayOptions {
  orm: Orm;
  start: WebhookDeliveryStarter;
  logger: Logger;
  /** The full sweep's period: it catches what a lost notification (or a broken LISTEN connection) missed. */
  sweepIntervalMs: number;
  /** Confines every pass to these tenant schemas (tests sharing a database); every tenant when absent. */
  schemas?: ReadonlySet<string>;
}

export interface OutboxRelay {
  /** Resolves once the pass in progress (if any) has finished and the LISTEN connection is back in the pool. */
  stop: () => Promise<void>;
}

/**
 * Runs the outbox relay until stopped: a pass over the notifying tenant as soon as `recordOutboxEvent`'s NOTIFY arrives
 * (milliseconds after the commit), and a pass over every tenant every `sweepIntervalMs`. Passes never overlap;
 * notifications arriving during a pass are coalesced into the next one. Several processes may run it: the relay
 * pass itself makes that harmless.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { logger } = options;
  let stopped = false;
  let subscription: OutboxSubscription | undefined;
  let sweepDue = true;
  let dueSchemas = new Set<string>();
  let running: Promise<void> | undefined;

  const subscribe = async (): Promise<void> => {
    if (subscription !== undefined || stopped) return;
    try {
      subscription = await subscribeToOutbox({
        orm: options.orm,
        onSchema: (schema) => {
          dueSchemas.add(schema);
          kick();
        },
        onError: (error) => {
          logger.warn({ err: error }, 'outbox LISTEN connection lost; resubscribing at the next sweep');
          subscription = undefined;
        },
      });
    } catch (error) {
      logger.warn({ err: error }, 'outbox LISTEN failed; relying on the sweep');
    }
  };

  const pass = async (): Promise<void> => {
    const full = sweepDue;
    const schemas = dueSchemas;
    sweepDue = false;
    dueSchemas = new Set();
    try {
      if (full) await subscribe();
      const scope = full ? options.schemas : onlyWithin(schemas, options.schemas);
      const report = await relayOutbox({ ...options, ...(scope === undefined ? {} : { schemas: scope }) });
      logReport(logger, report);
    } catch (error) {
      logger.warn({ err: error }, 'webhook relay pass failed');
    }
  };

  const kick = (): void => {
    if (stopped || running !== undefined) return;
    running = pass().finally(() => {
      running = undefined;
      if (sweepDue || dueSchemas.size > 0) kick();
    });
  };

  const timer = setInterval(() => {
    sweepDue = true;
    kick();
  }, options.sweepIntervalMs);
  kick();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await subscription?.close();
      subscription = undefined;
    },
  };
}

function onlyWithin(schemas: Set<string>, allowed: ReadonlySet<string> | undefined): ReadonlySet<string> {
  return allowed === undefined ? schemas : new Set([...schemas].filter((schema) => allowed.has(schema)));
}

function logReport(logger: Logger, report: RelayReport): void {
  const { started, skipped, failed } = report;
  if (started.length + skipped.length + failed.length === 0) return;
  logger.debug({ started: started.length, skipped: skipped.length, failed: failed.length }, 'webhook relay pass');
}
