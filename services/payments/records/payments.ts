import type { CurrencyCode } from '../../../domain/money';
import type { PaymentProvider, PaymentStatus } from '../../../domain/payments';
import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import { countPaymentEnd } from './payment-metrics';
import {
  PAYMENT_COLUMNS,
  toPaymentRecord,
  type PaymentRecord,
  type PaymentRow,
  type PaymentSql,
} from './payment-records';

export interface PaymentFilter {
  status?: PaymentStatus;
  provider?: PaymentProvider;
  customerId?: string;
  invoiceId?: string;
}

const FILTER_COLUMNS: Readonly<Record<keyof PaymentFilter, string>> = {
  status: 'status = ?',
  provider: 'provider = ?',
  customerId: 'customer_id = ?',
  invoiceId: 'invoice_id = ?',
};

/** A page of the tenant's payments, newest first. */
export async function listPayments(
  sql: PaymentSql,
  options: { filter: PaymentFilter; limit: number; offset: number },
): Promise<{ records: PaymentRecord[]; total: number }> {
  const keys = (Object.keys(FILTER_COLUMNS) as (keyof PaymentFilter)[]).filter(
    (key) => options.filter[key] !== undefined,
  );
  const where = keys.length === 0 ? '' : `where ${keys.map((key) => FILTER_COLUMNS[key]).join(' and ')}`;
  const values = keys.map((key) => options.filter[key] ?? null);
  const [rows, totals] = await Promise.all([
    sql.query<PaymentRow>(
      `select ${PAYMENT_COLUMNS} from ${sql.table('payments')} ${where}
        order by created_at desc, id desc limit ? offset ?`,
      [...values, options.limit, options.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${sql.table('payments')} ${where}`, values),
  ]);
  return { records: rows.map(toPaymentRecord), total: Number(totals[0]?.total ?? 0) };
}

export async function findPayment(sql: PaymentSql, paymentId: string): Promise<PaymentRecord | undefined> {
  const row = await sql.one<PaymentRow>(`select ${PAYMENT_COLUMNS} from ${sql.table('payments')} where id = ?`, [
    paymentId,
  ]);
  return row === undefined ? undefined : toPaymentRecord(row);
}

/** The invoice a payment pays (it never changes), read in the caller's transaction when there is one. */
export async function findPaymentInvoiceId(
  sql: PaymentSql,
  paymentId: string,
  transaction?: SqlTransaction,
): Promise<string | undefined> {
  const row = await sql.one<{ invoice_id: string }>(
    `select invoice_id from ${sql.table('payments')} where id = ?`,
    [paymentId],
    transaction,
  );
  return row?.invoice_id;
}

/** A SUCCEEDED MANUAL payment, inserted in the caller's transaction (mark-paid): all of it pays the invoice. */
export async function insertManualPayment(
  sql: PaymentSql,
  transaction: SqlTransaction,
  payment: { invoiceId: string; customerId: string; amountMinor: bigint; currency: CurrencyCode; now: Date },
): Promise<PaymentRecord> {
  const row = await sql.oneOrFail<PaymentRow>(
    `insert into ${sql.table('payments')} (id, invoice_id, customer_id, amount_minor, currency,
       requested_amount_minor, requested_currency, amount_applied_minor, provider, status, succeeded_at, created_at,
       updated_at)
     values (?, ?, ?, ?::bigint, ?, ?::bigint, ?, ?::bigint, 'MANUAL', 'SUCCEEDED', ?, ?, ?) returning ${PAYMENT_COLUMNS}`,
    [
      newId('payment'),
      payment.invoiceId,
      payment.customerId,
      payment.amountMinor.toString(),
      payment.currency,
      payment.amountMinor.toString(),
      payment.currency,
      payment.amountMinor.toString(),
      payment.now,
      payment.now,
      payment.now,
    ],
    transaction,
  );
  const manual = toPaymentRecord(row);
  await countPaymentEnd(transaction, manual, 'succeeded');
  return manual;
}

/** The ids of these customers' PENDING payments (their workflows wait for the provider or the expiry), oldest first. */
export async function listPendingPaymentIds(sql: PaymentSql, customerIds: string[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('payments')}
      where customer_id in (select jsonb_array_elements_text(?::jsonb)) and status = 'PENDING'
      order by created_at, id`,
    [JSON.stringify(customerIds)],
  );
  return rows.map((row) => row.id);
}

/** The ids of every payment of an invoice, whatever its status, oldest first. */
export async function listInvoicePaymentIds(sql: PaymentSql, invoiceId: string): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('payments')} where invoice_id = ? order by created_at, id`,
    [invoiceId],
  );
  return rows.map((row) => row.id);
}
