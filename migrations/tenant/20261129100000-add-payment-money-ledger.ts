import { Migration } from '@mikro-orm/migrations';

/**
 * Every cent a provider takes is accounted for in one place: what its payment still pays on its invoice
 * (`payments.amount_applied_minor`), what it became as customer credit (credit entries naming the payment), or what
 * went back to the payer (refunds, each knowing how much of it was taken back from that credit: `credit_minor`).
 *
 * Customer credit becomes a ledger of lots: a `grant` entry opens a lot (a payment's excess, a credit note, a
 * negative invoice); every later movement names its lot (`consume` by an invoice, `restore` when that invoice is
 * voided, `revoke` when a credit note is voided, `refund` and `unrefund` for a refund and its failure). A lot's
 * unused credit is the sum of its entries, so it is always known whose credit is still unused.
 *
 * Existing data: a payment's applied amount is rebuilt from its invoice's amount paid (oldest payment first), a
 * payment's excess grant is linked to its payment by customer, currency and amount, and each existing consumption or
 * take-back is split across the lots it drew from in the new order (credit that came from no payment first, then
 * payments' credit oldest first).
 */
export class AddPaymentMoneyLedger extends Migration {
  override name = '20261129100000_add_payment_money_ledger';

  override up(): void {
    this.addPaymentColumns();
    this.addLedgerColumns();
    this.backfillAppliedAmounts();
    this.linkPaymentGrants();
    this.splitLegacyMovements();
    this.addSql(`
      alter table customer_credit_entries
        alter column kind set not null,
        add constraint customer_credit_entries_lot_check check ((lot_id is null) = (kind = 'grant')),
        add constraint customer_credit_entries_sign_check
          check ((amount_minor > 0) = (kind in ('grant', 'restore', 'unrefund')))`);
  }

  private addPaymentColumns(): void {
    this.addSql(`
      alter table payments
        add column requested_amount_minor bigint null,
        add column requested_currency char(3) null check (requested_currency ~ '^[A-Z]{3}$'),
        add column amount_applied_minor bigint not null default 0 check (amount_applied_minor >= 0)`);
    // Null until settlement for a row written without it: the amount then still is what was asked.
    this.addSql('update payments set requested_amount_minor = amount_minor, requested_currency = currency');
    this.addSql(
      'alter table refunds add column credit_minor bigint not null default 0 check (credit_minor >= 0 and credit_minor <= amount_minor)',
    );
  }

  private addLedgerColumns(): void {
    this.addSql(`
      alter table customer_credit_entries
        add column kind text null
          check (kind in ('grant', 'consume', 'restore', 'revoke', 'refund', 'unrefund')),
        add column lot_id bigint null references customer_credit_entries (id),
        add column payment_id text null references payments (id),
        add column refund_id text null references refunds (id)`);
    this.addSql('create index customer_credit_entries_lot_index on customer_credit_entries (lot_id)');
    this.addSql(
      'create index customer_credit_entries_payment_index on customer_credit_entries (payment_id) where payment_id is not null',
    );
    this.addSql(
      'create index customer_credit_entries_refund_index on customer_credit_entries (refund_id) where refund_id is not null',
    );
    this.addSql("update customer_credit_entries set kind = 'grant' where amount_minor > 0");
  }

  /** Refunds never changed their invoice, so what a payment paid is its share of the invoice's amount paid. */
  private backfillAppliedAmounts(): void {
    this.addSql(`
      with settled as (
        select p.id, p.invoice_id, p.amount_minor,
               coalesce(sum(p.amount_minor) over (
                 partition by p.invoice_id order by p.succeeded_at nulls first, p.created_at, p.id
                 rows between unbounded preceding and 1 preceding), 0) as before
          from payments p
         where p.status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')
      )
      update payments p
         set amount_applied_minor = greatest(0, least(s.amount_minor, i.amount_paid_minor - s.before))
        from settled s join invoices i on i.id = s.invoice_id
       where p.id = s.id`);
    // What a refund took went back from the applied part (there was no payment credit to take it from before).
    this.addSql(`
      update payments p
         set amount_applied_minor = greatest(0, p.amount_applied_minor - r.reserved)
        from (select payment_id, sum(amount_minor) as reserved from refunds
               where status in ('PENDING', 'SUCCEEDED') group by payment_id) r
       where r.payment_id = p.id`);
  }

  private linkPaymentGrants(): void {
    this.addSql(`
      do $$
      declare
        grant_row record;
        owner text;
      begin
        for grant_row in
          select id, customer_id, currency, amount_minor, created_at from customer_credit_entries
           where kind = 'grant' and invoice_id is null and credit_note_id is null order by id
        loop
          select p.id into owner from payments p
           where p.customer_id = grant_row.customer_id and p.currency = grant_row.currency
             and p.status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')
             and p.amount_minor - p.amount_applied_minor >= grant_row.amount_minor
             and not exists (select 1 from customer_credit_entries e where e.payment_id = p.id)
           order by abs(extract(epoch from coalesce(p.succeeded_at, p.updated_at) - grant_row.created_at)), p.id
           limit 1;
          if owner is not null then
            update customer_credit_entries set payment_id = owner where id = grant_row.id;
          end if;
        end loop;
      end $$`);
  }

  /**
   * Each pooled take (an invoice's consumption, a credit note's take-back) is split over the lots it drew from: a
   * take-back from its own note's lot first (the pool let a note be voided while other credit covered it), then in
   * the consumption order. The pool never went below zero, so the lots always cover every take.
   */
  private splitLegacyMovements(): void {
    this.addSql(`
      do $$
      declare
        movement record;
        lot record;
        needed bigint;
        taken bigint;
      begin
        for movement in
          select id, customer_id, currency, -amount_minor as amount, invoice_id, credit_note_id, created_at
            from customer_credit_entries where kind is null order by id
        loop
          needed := movement.amount;
          for lot in
            select g.id, g.amount_minor + coalesce((select sum(m.amount_minor) from customer_credit_entries m
                                                     where m.lot_id = g.id), 0) as unused
              from customer_credit_entries g
             where g.kind = 'grant' and g.customer_id = movement.customer_id and g.currency = movement.currency
             order by coalesce(g.credit_note_id = movement.credit_note_id, false) desc,
                      (g.payment_id is not null), g.id
          loop
            exit when needed = 0;
            taken := least(needed, lot.unused);
            if taken > 0 then
              insert into customer_credit_entries
                (customer_id, currency, amount_minor, invoice_id, credit_note_id, created_at, kind, lot_id)
              values (movement.customer_id, movement.currency, -taken, movement.invoice_id, movement.credit_note_id,
                      movement.created_at, case when movement.credit_note_id is null then 'consume' else 'revoke' end,
                      lot.id);
              needed := needed - taken;
            end if;
          end loop;
          if needed <> 0 then
            raise exception 'customer credit entry % takes more than its customer had', movement.id;
          end if;
          delete from customer_credit_entries where id = movement.id;
        end loop;
      end $$`);
  }

  override down(): void {
    this.addSql(`
      alter table customer_credit_entries
        drop constraint customer_credit_entries_sign_check,
        drop constraint customer_credit_entries_lot_check,
        drop column refund_id, drop column payment_id, drop column lot_id, drop column kind`);
    this.addSql('alter table refunds drop column credit_minor');
    this.addSql(`
      alter table payments
        drop column amount_applied_minor, drop column requested_currency, drop column requested_amount_minor`);
  }
}
