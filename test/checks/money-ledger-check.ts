import type { TenantSql } from '../../infra/db/tenant-sql';
import type { FakeStripeRefund, FakeStripeSession } from '../fakes/stripe-fake';

/**
 * The money ledger's invariant over one tenant's customers (docs/refunds.md, "Money is conserved"): every cent a
 * provider confirmed taking is refunded, paying an invoice (directly or through the credit it became), unused credit
 * of its payment, or in a PENDING refund; never two of these, never none. Read from PostgreSQL as it stands, and
 * compared with the Stripe fake's own books. Returns what is broken (empty: nothing), each line naming its rule.
 */

interface PaymentRow {
  id: string;
  invoice_id: string;
  customer_id: string;
  status: string;
  amount: string;
  currency: string;
  applied: string;
  refunded: string;
  provider_reference: string | null;
}
interface RefundRow {
  id: string;
  payment_id: string;
  amount: string;
  credit: string;
  status: string;
}
interface EntryRow {
  id: string;
  kind: string;
  customer_id: string;
  currency: string;
  amount: string;
  lot_id: string | null;
  invoice_id: string | null;
  credit_note_id: string | null;
  payment_id: string | null;
  refund_id: string | null;
}
interface InvoiceRow {
  id: string;
  status: string;
  total: string;
  paid: string;
  credited: string;
  due: string;
  notes: string;
}

export interface StripeBooks {
  sessions: FakeStripeSession[];
  refunds: FakeStripeRefund[];
}

const SETTLED = new Set(['SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
const ACTIVE = new Set(['PENDING', 'SUCCEEDED']);
const SIGNS: Record<string, { positive: boolean; column: keyof EntryRow | null }> = {
  grant: { positive: true, column: null },
  consume: { positive: false, column: 'invoice_id' },
  restore: { positive: true, column: 'invoice_id' },
  revoke: { positive: false, column: 'credit_note_id' },
  refund: { positive: false, column: 'refund_id' },
  unrefund: { positive: true, column: 'refund_id' },
};
const sum = (values: bigint[]): bigint => values.reduce((total, value) => total + value, 0n);

/** The rows the checks read, scoped to `customerIds`. */
async function readLedger(sql: TenantSql, customerIds: string[]) {
  const ids = customerIds.join(',');
  const scope = `customer_id = any(string_to_array(?, ','))`;
  const payments = await sql.query<PaymentRow>(
    `select id, invoice_id, customer_id, status, amount_minor::text as amount, currency,
            amount_applied_minor::text as applied, amount_refunded_minor::text as refunded, provider_reference
       from ${sql.table('payments')} where ${scope} order by id`,
    [ids],
  );
  const refunds = await sql.query<RefundRow>(
    `select r.id, r.payment_id, r.amount_minor::text as amount, r.credit_minor::text as credit, r.status
       from ${sql.table('refunds')} r join ${sql.table('payments')} p on p.id = r.payment_id
      where p.${scope} order by r.id`,
    [ids],
  );
  const entries = await sql.query<EntryRow>(
    `select id::text, kind, customer_id, currency, amount_minor::text as amount, lot_id::text, invoice_id,
            credit_note_id, payment_id, refund_id
       from ${sql.table('customer_credit_entries')} where ${scope} order by id`,
    [ids],
  );
  const invoices = await sql.query<InvoiceRow>(
    `select i.id, i.status, i.total_minor::text as total, i.amount_paid_minor::text as paid,
            i.amount_credited_minor::text as credited, i.amount_due_minor::text as due,
            (select coalesce(sum(n.amount_minor), 0) from ${sql.table('credit_notes')} n
              where n.invoice_id = i.id and n.status = 'FINALIZED')::text as notes
       from ${sql.table('invoices')} i where i.${scope} order by i.id`,
    [ids],
  );
  return { payments, refunds, entries, invoices };
}

type Ledger = Awaited<ReturnType<typeof readLedger>>;

/** Entries on lots, by lot, and the lots each payment owns. */
function lotsOf(ledger: Ledger) {
  const grants = new Map(ledger.entries.filter((e) => e.kind === 'grant').map((e) => [e.id, e]));
  const onLot = new Map<string, EntryRow[]>();
  for (const entry of ledger.entries) {
    if (entry.lot_id === null) continue;
    onLot.set(entry.lot_id, [...(onLot.get(entry.lot_id) ?? []), entry]);
  }
  const net = (lotId: string, kinds: string[]) =>
    sum((onLot.get(lotId) ?? []).filter((e) => kinds.includes(e.kind)).map((e) => BigInt(e.amount)));
  const unused = (lotId: string) => BigInt(grants.get(lotId)?.amount ?? 0) + net(lotId, Object.keys(SIGNS));
  return { grants, onLot, net, unused };
}

function checkEntries(ledger: Ledger, lots: ReturnType<typeof lotsOf>, broken: string[]): void {
  for (const entry of ledger.entries) {
    const rule = SIGNS[entry.kind];
    const amount = BigInt(entry.amount);
    if (rule === undefined) {
      broken.push(`ledger: entry ${entry.id} has kind ${entry.kind}`);
      continue;
    }
    if (amount === 0n || amount > 0n !== rule.positive) broken.push(`ledger: ${entry.kind} ${entry.id} is ${amount}`);
    if ((entry.kind === 'grant') !== (entry.lot_id === null)) broken.push(`ledger: ${entry.kind} ${entry.id} lot`);
    if (rule.column !== null && entry[rule.column] === null)
      broken.push(`ledger: ${entry.kind} ${entry.id} names no ${rule.column}`);
    const lot = entry.lot_id === null ? undefined : lots.grants.get(entry.lot_id);
    if (entry.lot_id !== null && (lot?.customer_id !== entry.customer_id || lot.currency !== entry.currency)) {
      broken.push(`ledger: ${entry.kind} ${entry.id} on lot ${entry.lot_id} of another customer or currency`);
    }
  }
  for (const [lotId, grant] of lots.grants) {
    if (lots.unused(lotId) < 0n) broken.push(`ledger: lot ${lotId} unused ${lots.unused(lotId)}`);
    if (grant.payment_id !== null && lots.net(lotId, ['revoke']) !== 0n)
      broken.push(`ledger: payment lot ${lotId} revoked`);
  }
  const balances = new Map<string, bigint>();
  for (const entry of ledger.entries) {
    const key = `${entry.customer_id} ${entry.currency}`;
    balances.set(key, (balances.get(key) ?? 0n) + BigInt(entry.amount));
  }
  for (const [key, balance] of balances) if (balance < 0n) broken.push(`ledger: balance of ${key} is ${balance}`);
}

/** Per payment: its three places add up to what was taken, and each refund's credit part is on its lots. */
function checkPayments(ledger: Ledger, lots: ReturnType<typeof lotsOf>, broken: string[]): void {
  for (const payment of ledger.payments) {
    const refunds = ledger.refunds.filter((r) => r.payment_id === payment.id);
    const active = refunds.filter((r) => ACTIVE.has(r.status));
    const ownLots = [...lots.grants.values()].filter((g) => g.payment_id === payment.id).map((g) => g.id);
    const granted = sum(ownLots.map((id) => BigInt(lots.grants.get(id)!.amount)));
    const unused = sum(ownLots.map(lots.unused));
    const consumed = -sum(ownLots.map((id) => lots.net(id, ['consume', 'restore'])));
    const takenBack = -sum(ownLots.map((id) => lots.net(id, ['refund', 'unrefund'])));
    const activeCredit = sum(active.map((r) => BigInt(r.credit)));
    const activeApplied = sum(active.map((r) => BigInt(r.amount) - BigInt(r.credit)));
    const succeeded = sum(refunds.filter((r) => r.status === 'SUCCEEDED').map((r) => BigInt(r.amount)));
    const [amount, applied] = [BigInt(payment.amount), BigInt(payment.applied)];
    const where = `payment ${payment.id} (${payment.status} ${amount} ${payment.currency})`;
    if (!SETTLED.has(payment.status)) {
      if (applied !== 0n || granted !== 0n || refunds.length > 0) broken.push(`${where}: unsettled but holds money`);
      continue;
    }
    if (amount !== applied + activeApplied + granted) {
      broken.push(
        `${where}: amount ≠ applied ${applied} + active refunds' applied part ${activeApplied} + grants ${granted}`,
      );
    }
    if (granted !== unused + consumed + takenBack || takenBack !== activeCredit) {
      broken.push(
        `${where}: grants ${granted} ≠ unused ${unused} + consumed ${consumed} + taken back ${takenBack} (active refunds' credit ${activeCredit})`,
      );
    }
    if (applied < 0n || unused < 0n || consumed < 0n || activeApplied < 0n) broken.push(`${where}: a negative part`);
    if (BigInt(payment.refunded) !== succeeded)
      broken.push(`${where}: amount_refunded ${payment.refunded} ≠ succeeded refunds ${succeeded}`);
    const status = succeeded === 0n ? 'SUCCEEDED' : succeeded >= amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    if (payment.status !== status) broken.push(`${where}: status should be ${status}`);
    for (const refund of refunds) {
      const taken = -sum(
        ledger.entries.filter((e) => e.refund_id === refund.id && e.kind !== 'grant').map((e) => BigInt(e.amount)),
      );
      const expected = ACTIVE.has(refund.status) ? BigInt(refund.credit) : 0n;
      if (taken !== expected)
        broken.push(
          `refund ${refund.id} (${refund.status}): took back ${taken} of credit, credit_minor says ${expected}`,
        );
    }
  }
}

/** Per customer and currency: captured − refunded = applied + consumed + unused + pending refunds. */
function checkCustomers(ledger: Ledger, lots: ReturnType<typeof lotsOf>, broken: string[]): void {
  const keys = new Set(
    ledger.payments.filter((p) => SETTLED.has(p.status)).map((p) => `${p.customer_id} ${p.currency}`),
  );
  for (const key of keys) {
    const payments = ledger.payments.filter((p) => SETTLED.has(p.status) && `${p.customer_id} ${p.currency}` === key);
    const ids = new Set(payments.map((p) => p.id));
    const refunds = ledger.refunds.filter((r) => ids.has(r.payment_id));
    const paymentLots = [...lots.grants.values()]
      .filter((g) => g.payment_id !== null && ids.has(g.payment_id))
      .map((g) => g.id);
    const buckets = {
      captured: sum(payments.map((p) => BigInt(p.amount))),
      refunded: sum(refunds.filter((r) => r.status === 'SUCCEEDED').map((r) => BigInt(r.amount))),
      applied: sum(payments.map((p) => BigInt(p.applied))),
      consumed: -sum(paymentLots.map((id) => lots.net(id, ['consume', 'restore']))),
      unused: sum(paymentLots.map(lots.unused)),
      pending: sum(refunds.filter((r) => r.status === 'PENDING').map((r) => BigInt(r.amount))),
    };
    const placed = buckets.applied + buckets.consumed + buckets.unused + buckets.pending;
    if (buckets.captured - buckets.refunded !== placed) {
      const shown = Object.entries(buckets)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ');
      broken.push(`customer ${key}: captured − refunded ≠ applied + consumed + unused + pending (${shown})`);
    }
  }
}

function checkInvoices(ledger: Ledger, broken: string[]): void {
  for (const invoice of ledger.invoices) {
    const payments = ledger.payments.filter((p) => p.invoice_id === invoice.id);
    const applied = sum(payments.map((p) => BigInt(p.applied)));
    const refundedApplied = sum(
      ledger.refunds
        .filter((r) => ACTIVE.has(r.status) && payments.some((p) => p.id === r.payment_id))
        .map((r) => BigInt(r.amount) - BigInt(r.credit)),
    );
    const consumed = -sum(
      ledger.entries
        .filter((e) => e.invoice_id === invoice.id && ['consume', 'restore'].includes(e.kind))
        .map((e) => BigInt(e.amount)),
    );
    const [total, paid, credited, due] = [invoice.total, invoice.paid, invoice.credited, invoice.due].map(BigInt) as [
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const where = `invoice ${invoice.id} (${invoice.status} total ${total} paid ${paid} credited ${credited} due ${due})`;
    if (invoice.status === 'VOIDED') {
      if (applied !== 0n || consumed !== 0n)
        broken.push(`${where}: voided yet paid by ${applied} of payments, ${consumed} of credit`);
      continue;
    }
    if (paid !== applied + refundedApplied)
      broken.push(`${where}: paid ≠ payments' applied ${applied} + refunded applied ${refundedApplied}`);
    if (credited !== consumed + BigInt(invoice.notes))
      broken.push(`${where}: credited ≠ consumed credit ${consumed} + credit notes ${invoice.notes}`);
    const owed = total - credited - paid;
    if (due !== (owed > 0n ? owed : 0n)) broken.push(`${where}: due ≠ max(0, total − credited − paid)`);
    if (invoice.status === 'PAID' && due !== 0n) broken.push(`${where}: PAID yet owes`);
    if (invoice.status === 'OPEN' && due <= 0n) broken.push(`${where}: OPEN yet owes nothing`);
  }
}

/** Our rows against what the Stripe fake captured and refunded, for the payments in scope. */
function checkStripeBooks(ledger: Ledger, books: StripeBooks, broken: string[]): void {
  for (const payment of ledger.payments) {
    const session = books.sessions.find((s) => s.client_reference_id === payment.id);
    if (session === undefined) continue;
    const where = `payment ${payment.id} (${payment.status} ${payment.amount} ${payment.currency})`;
    if (session.payment_status === 'paid') {
      const currency = session.currency.toUpperCase();
      if (!SETTLED.has(payment.status)) broken.push(`${where}: Stripe captured ${session.amount_total} ${currency}`);
      else if (BigInt(payment.amount) !== BigInt(session.amount_total) || payment.currency !== currency) {
        broken.push(`${where}: Stripe captured ${session.amount_total} ${currency}`);
      }
    }
    const atStripe = books.refunds.filter((r) => r.payment_intent === session.payment_intent);
    const heldRefunded = sum(atStripe.filter((r) => r.status === 'succeeded').map((r) => BigInt(r.amount)));
    if (BigInt(payment.refunded) !== heldRefunded)
      broken.push(`${where}: refunded ${payment.refunded}, Stripe holds ${heldRefunded} refunded`);
    for (const refund of ledger.refunds.filter((r) => r.payment_id === payment.id)) {
      const theirs = atStripe.find((r) => r.metadata.refund_id === refund.id);
      const status =
        theirs === undefined
          ? 'FAILED'
          : ({ succeeded: 'SUCCEEDED', pending: 'PENDING' }[theirs.status as string] ?? 'FAILED');
      if (refund.status !== status)
        broken.push(`refund ${refund.id}: ${refund.status}, Stripe says ${theirs?.status ?? 'never made'}`);
    }
  }
}

export async function checkMoneyLedger(
  sql: TenantSql,
  scope: { customerIds: string[]; stripe?: StripeBooks },
): Promise<string[]> {
  const ledger = await readLedger(sql, scope.customerIds);
  const lots = lotsOf(ledger);
  const broken: string[] = [];
  checkEntries(ledger, lots, broken);
  checkPayments(ledger, lots, broken);
  checkCustomers(ledger, lots, broken);
  checkInvoices(ledger, broken);
  if (scope.stripe !== undefined) checkStripeBooks(ledger, scope.stripe, broken);
  return broken;
}
