import { Migration } from '@mikro-orm/migrations';

/**
 * A monthly rollup of cash for the analytics reports: per currency and UTC month, payments that succeeded (their
 * amount, how many, how many through a provider rather than marked paid), payments that failed, and refunds that
 * succeeded (their amount, how many), each dated as the reports date them (`succeeded_at`, `failed_at`). A year of
 * a large tenant's payments is then a few dozen rows instead of an index range of every payment.
 *
 * Kept by PostgreSQL itself: statement triggers on `payments` and `refunds` add what the statement's new rows count
 * and take off what its old rows counted, in the statement's transaction, so the rollup commits or rolls back with the
 * payment, whichever code writes it. Each month's figures are split over 16 stripes (by the payment's or refund's
 * id) so that concurrent payments rarely wait on the same row; a statement's rows are added in key order, so two
 * statements never wait on each other's rows crosswise. Existing tenants are backfilled from the tables.
 */
export class AddAnalyticsCashMonths extends Migration {
  override name = '20261209110000_add_analytics_cash_months';

  override up(): void {
    this.addSql(`
      create table analytics_cash_months (
        currency char(3) not null,
        month date not null,
        stripe smallint not null,
        received bigint not null,
        succeeded integer not null,
        provider_succeeded integer not null,
        failed integer not null,
        provider_failed integer not null,
        refunded bigint not null,
        refunds integer not null,
        primary key (currency, month, stripe)
      )`);
    for (const table of ['payments', 'refunds'] as const) {
      for (const [event, transitions] of EVENTS) {
        const name = `analytics_${table}_${event}_cash`;
        const rows = transitions.map(([, alias, sign]) => CONTRIBUTIONS[table](alias, sign)).join(' union all ');
        this.addSql(`
          create function ${name}() returns trigger
          language plpgsql set search_path from current as $$
          begin
            ${addCash(rows)}
            return null;
          end
          $$`);
        this.addSql(`
          create trigger ${table}_analytics_cash_${event} after ${event} on ${table}
          referencing ${transitions.map(([kind, alias]) => `${kind} table as ${alias}`).join(' ')}
          for each statement execute function ${name}()`);
      }
    }
    this.addSql(addCash(`${CONTRIBUTIONS.payments('payments', 1)} union all ${CONTRIBUTIONS.refunds('refunds', 1)}`));
  }

  override down(): void {
    for (const table of ['payments', 'refunds']) {
      for (const [event] of EVENTS) {
        this.addSql(`drop trigger ${table}_analytics_cash_${event} on ${table}`);
        this.addSql(`drop function analytics_${table}_${event}_cash()`);
      }
    }
    this.addSql('drop table analytics_cash_months');
  }
}

/** Per event, the transition tables (kind, alias, the sign their rows count with). */
const EVENTS: readonly [string, readonly [string, string, number][]][] = [
  ['insert', [['new', 'added', 1]]],
  [
    'update',
    [
      ['old', 'removed', -1],
      ['new', 'added', 1],
    ],
  ],
  ['delete', [['old', 'removed', -1]]],
];

const month = (column: string) => `date_trunc('month', ${column} at time zone 'UTC')::date`;
// The low four bits of the id's hash: the same stripe for a row before and after an update.
const stripe = (alias: string) => `(hashtext(${alias}.id) & 15)::smallint`;

/**
 * Payments of a test clock's customers are a simulation and never counted (a customer's clock is fixed at its
 * creation, so a row counted once is counted the same way when it changes or goes).
 */
const WALL_CLOCK_CUSTOMER = 'customer_id not in (select id from customers where test_clock_id is not null)';

/** What rows of each table count, signed: columns currency, month, stripe and the rollup's figures in order. */
const CONTRIBUTIONS = {
  payments: (alias: string, sign: number) => `
    select currency, ${month('succeeded_at')} as month, ${stripe(alias)} as stripe, ${sign} * amount_minor as received,
           ${sign} as succeeded, ${sign} * (provider <> 'MANUAL')::int as provider_succeeded, 0 as failed,
           0 as provider_failed, 0 as refunded, 0 as refunds
      from ${alias} where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED') and succeeded_at is not null
       and ${WALL_CLOCK_CUSTOMER}
    union all
    select currency, ${month('failed_at')}, ${stripe(alias)}, 0, 0, 0, ${sign}, ${sign} * (provider <> 'MANUAL')::int,
           0, 0
      from ${alias} where status = 'FAILED' and failed_at is not null and ${WALL_CLOCK_CUSTOMER}`,
  refunds: (alias: string, sign: number) => `
    select currency, ${month('succeeded_at')} as month, ${stripe(alias)} as stripe, 0 as received, 0 as succeeded,
           0 as provider_succeeded, 0 as failed, 0 as provider_failed, ${sign} * amount_minor as refunded,
           ${sign} as refunds
      from ${alias} where status = 'SUCCEEDED' and succeeded_at is not null
       and payment_id in (select id from payments where ${WALL_CLOCK_CUSTOMER})`,
};

/** Adds the signed contributions to their months (an update that changes nothing the rollup counts writes nothing). */
const addCash = (contributions: string) => `
  insert into analytics_cash_months as m
    (currency, month, stripe, received, succeeded, provider_succeeded, failed, provider_failed, refunded, refunds)
  select currency, month, stripe, sum(received), sum(succeeded), sum(provider_succeeded), sum(failed),
         sum(provider_failed), sum(refunded), sum(refunds)
    from (${contributions}) c
   group by currency, month, stripe
  having sum(received) <> 0 or sum(succeeded) <> 0 or sum(provider_succeeded) <> 0 or sum(failed) <> 0
      or sum(provider_failed) <> 0 or sum(refunded) <> 0 or sum(refunds) <> 0
   order by currency, month, stripe
  on conflict (currency, month, stripe) do update
     set received = m.received + excluded.received, succeeded = m.succeeded + excluded.succeeded,
         provider_succeeded = m.provider_succeeded + excluded.provider_succeeded, failed = m.failed + excluded.failed,
         provider_failed = m.provider_failed + excluded.provider_failed, refunded = m.refunded + excluded.refunded,
         refunds = m.refunds + excluded.refunds;`;
