import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices meet wallets: `prepaid_credit_amount_minor` is what wallet credits paid of an invoice at finalize (its
 * OUTBOUND INVOICE transaction); a credit-purchase invoice bills the credits it sells on a `CREDIT` line. A void
 * gives the credits back to the very lots they came from, so its INBOUND INVOICE_VOID transaction is not a lot of its
 * own and has no credit kind.
 */
export class AddWalletInvoicing extends Migration {
  override name = '20261202100000_add_wallet_invoicing';

  override up(): void {
    this.addSql(
      'alter table invoices add column prepaid_credit_amount_minor bigint not null default 0 ' +
        'check (prepaid_credit_amount_minor >= 0)',
    );
    this.addSql('alter table invoice_lines drop constraint invoice_lines_type_check');
    this.addSql(`
      alter table invoice_lines add constraint invoice_lines_type_check
        check (type in ('SUBSCRIPTION', 'PRORATION', 'USAGE', 'ADD_ON', 'CREDIT', 'MANUAL'))`);
    this.addSql('alter table wallet_transactions drop constraint wallet_transactions_check2');
    this.addSql(`
      alter table wallet_transactions add constraint wallet_transactions_kind_by_type_check
        check (case when transaction_type = 'OUTBOUND' or source = 'INVOICE_VOID' then credit_kind is null
                    else credit_kind is not null end)`);
    // The transactions an invoice made (consumption, purchase, their returns), found by invoice.
    this.addSql(
      'create index wallet_transactions_invoice_index on wallet_transactions (invoice_id) where invoice_id is not null',
    );
  }

  override down(): void {
    this.addSql('drop index wallet_transactions_invoice_index');
    this.addSql('alter table wallet_transactions drop constraint wallet_transactions_kind_by_type_check');
    this.addSql(`
      alter table wallet_transactions add constraint wallet_transactions_check2
        check ((transaction_type = 'INBOUND') = (credit_kind is not null))`);
    this.addSql('alter table invoice_lines drop constraint invoice_lines_type_check');
    this.addSql(`
      alter table invoice_lines add constraint invoice_lines_type_check
        check (type in ('SUBSCRIPTION', 'PRORATION', 'USAGE', 'ADD_ON', 'MANUAL'))`);
    this.addSql('alter table invoices drop column prepaid_credit_amount_minor');
  }
}
