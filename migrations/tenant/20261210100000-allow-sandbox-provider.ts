import { Migration } from '@mikro-orm/migrations';

const BEFORE = "'STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA'";
const AFTER = `${BEFORE}, 'SANDBOX'`;

/** The checks on a provider column: each table, its constraint, and the values besides the providers it allows. */
const CHECKS = [
  { table: 'payment_providers', constraint: 'payment_providers_provider_check', extra: '' },
  { table: 'payments', constraint: 'payments_provider_check', extra: ", 'MANUAL'" },
  { table: 'payment_events', constraint: 'payment_events_provider_check', extra: '' },
] as const;

/**
 * The SANDBOX provider: the platform's own stand-in for a payment provider (no account, any currency), so payments can
 * be tried end to end. Every column that names a provider takes it, and the analytics cash rollup's triggers leave
 * sandbox payments and their refunds out (they are tries, not money). A payment's provider never changes, so a row
 * left out once is left out the same way when it changes or goes; no SANDBOX row exists yet, so nothing is backfilled.
 */
export class AllowSandboxProvider extends Migration {
  override name = '20261210100000_allow_sandbox_provider';

  override up(): void {
    for (const { table, constraint, extra } of CHECKS) {
      this.addSql(`
        alter table ${table}
          drop constraint ${constraint},
          add constraint ${constraint} check (provider in (${AFTER}${extra}))`);
    }
    this.replaceCashTriggers(`${WALL_CLOCK_CUSTOMER} and provider <> 'SANDBOX'`);
  }

  override down(): void {
    this.replaceCashTriggers(WALL_CLOCK_CUSTOMER);
    for (const { table, constraint, extra } of CHECKS) {
      this.addSql(`
        alter table ${table}
          drop constraint ${constraint},
          add constraint ${constraint} check (provider in (${BEFORE}${extra}))`);
    }
  }

  /** The six trigger functions of 20261209110000_add_analytics_cash_months, with `counted` as the payments' filter. */
  private replaceCashTriggers(counted: string): void {
    for (const statement of cashTriggerFunctions({ counted })) this.addSql(statement);
  }
}

/** What the cash rollup counts: every payment `counted` selects, and of the failed ones those `failed` selects too. */
export interface CashFilters {
  counted: string;
  /** Failed payments counted (default: every one). */
  failed?: string;
}

/** `create or replace` of the six trigger functions of the cash rollup, counting what `filters` select. */
export function cashTriggerFunctions(filters: CashFilters): string[] {
  const statements: string[] = [];
  for (const table of ['payments', 'refunds'] as const) {
    for (const [event, transitions] of EVENTS) {
      const rows = transitions
        .map(([alias, sign]) => contributions(table, { alias, sign, ...filters }))
        .join(' union all ');
      statements.push(`
          create or replace function analytics_${table}_${event}_cash() returns trigger
          language plpgsql set search_path from current as $$
          begin
            ${addCash(rows)}
            return null;
          end
          $$`);
    }
  }
  return statements;
}

/** Empties the cash rollup and counts every payment and refund again, as `filters` select them. */
export function rebuildCashRollup(filters: CashFilters): string[] {
  const rows = ['payments', 'refunds']
    .map((table) => contributions(table as 'payments' | 'refunds', { alias: table, sign: 1, ...filters }))
    .join(' union all ');
  return ['delete from analytics_cash_months', addCash(rows)];
}

/** Per event, the transition tables (alias, the sign their rows count with), as the triggers reference them. */
const EVENTS: readonly [string, readonly [string, number][]][] = [
  ['insert', [['added', 1]]],
  [
    'update',
    [
      ['removed', -1],
      ['added', 1],
    ],
  ],
  ['delete', [['removed', -1]]],
];

export const WALL_CLOCK_CUSTOMER = 'customer_id not in (select id from customers where test_clock_id is not null)';
const month = (column: string) => `date_trunc('month', ${column} at time zone 'UTC')::date`;
const stripe = (alias: string) => `(hashtext(${alias}.id) & 15)::smallint`;

function contributions(
  table: 'payments' | 'refunds',
  { alias, sign, counted, failed }: { alias: string; sign: number } & CashFilters,
): string {
  if (table === 'refunds') {
    return `
    select currency, ${month('succeeded_at')} as month, ${stripe(alias)} as stripe, 0 as received, 0 as succeeded,
           0 as provider_succeeded, 0 as failed, 0 as provider_failed, ${sign} * amount_minor as refunded,
           ${sign} as refunds
      from ${alias} where status = 'SUCCEEDED' and succeeded_at is not null
       and payment_id in (select id from payments where ${counted})`;
  }
  return `
    select currency, ${month('succeeded_at')} as month, ${stripe(alias)} as stripe, ${sign} * amount_minor as received,
           ${sign} as succeeded, ${sign} * (provider <> 'MANUAL')::int as provider_succeeded, 0 as failed,
           0 as provider_failed, 0 as refunded, 0 as refunds
      from ${alias} where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED') and succeeded_at is not null
       and ${counted}
    union all
    select currency, ${month('failed_at')}, ${stripe(alias)}, 0, 0, 0, ${sign}, ${sign} * (provider <> 'MANUAL')::int,
           0, 0
      from ${alias} where status = 'FAILED' and failed_at is not null and ${counted}${failed === undefined ? '' : ` and ${failed}`}`;
}

const addCash = (rows: string) => `
  insert into analytics_cash_months as m
    (currency, month, stripe, received, succeeded, provider_succeeded, failed, provider_failed, refunded, refunds)
  select currency, month, stripe, sum(received), sum(succeeded), sum(provider_succeeded), sum(failed),
         sum(provider_failed), sum(refunded), sum(refunds)
    from (${rows}) c
   group by currency, month, stripe
  having sum(received) <> 0 or sum(succeeded) <> 0 or sum(provider_succeeded) <> 0 or sum(failed) <> 0
      or sum(provider_failed) <> 0 or sum(refunded) <> 0 or sum(refunds) <> 0
   order by currency, month, stripe
  on conflict (currency, month, stripe) do update
     set received = m.received + excluded.received, succeeded = m.succeeded + excluded.succeeded,
         provider_succeeded = m.provider_succeeded + excluded.provider_succeeded, failed = m.failed + excluded.failed,
         provider_failed = m.provider_failed + excluded.provider_failed, refunded = m.refunded + excluded.refunded,
         refunds = m.refunds + excluded.refunds;`;
