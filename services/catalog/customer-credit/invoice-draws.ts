import { drawCustomerCredit, type CreditDraw, type CreditSource } from '../../../domain/invoices';
import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { insertCreditEntry, lockCustomer, openLots, type CustomerCreditSql } from './credit-lots';

/** Whose credit, in which currency. */
export interface CreditOwner {
  customerId: string;
  currency: CurrencyCode;
}

export interface CreditUse extends CreditOwner {
  invoiceId: string;
  maxMinor: bigint;
}

const customerLots = (sql: CustomerCreditSql, transaction: SqlTransaction, owner: CreditOwner) =>
  openLots(sql, transaction, {
    where: 'g.customer_id = ? and g.currency = ?',
    params: [owner.customerId, owner.currency],
  });

/**
 * The customer's credit in `currency` an invoice may draw on, lot by lot in the order the ledger spends it (credit
 * notes' credit first, then payments' oldest first, so a payment's credit stays refundable longest). The customer is
 * locked until the transaction ends, so what this reads cannot be spent by a concurrent finalize before
 * `applyCustomerCreditDraws` records the draws; lock the invoice first.
 */
export async function readCustomerCreditSources(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  owner: CreditOwner,
): Promise<CreditSource[]> {
  await lockCustomer(sql, transaction, owner.customerId);
  const lots = await customerLots(sql, transaction, owner);
  return lots.map((lot) => ({ id: lot.id, availableMinor: lot.unusedMinor }));
}

/**
 * Records what an invoice draws from the sources `readCustomerCreditSources` gave in this transaction: one `consume`
 * entry per draw on its lot. A draw beyond what its lot holds is a broken invariant (the customer is still locked),
 * not an expected refusal. Returns the total drawn.
 */
export async function applyCustomerCreditDraws(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  use: CreditOwner & { invoiceId: string; draws: readonly CreditDraw[] },
): Promise<bigint> {
  if (use.draws.length === 0) return 0n;
  await lockCustomer(sql, transaction, use.customerId);
  const unused = new Map((await customerLots(sql, transaction, use)).map((lot) => [lot.id, lot.unusedMinor]));
  let drawn = 0n;
  for (const draw of use.draws) {
    const available = unused.get(draw.sourceId) ?? 0n;
    if (draw.amountMinor <= 0n || draw.amountMinor > available) {
      throw new Error(`draw of ${draw.amountMinor} from credit lot ${draw.sourceId} holding ${available}`);
    }
    unused.set(draw.sourceId, available - draw.amountMinor);
    await insertCreditEntry(sql, transaction, {
      kind: 'consume',
      customerId: use.customerId,
      currency: use.currency,
      amountMinor: -draw.amountMinor,
      lotId: draw.sourceId,
      invoiceId: use.invoiceId,
    });
    drawn += draw.amountMinor;
  }
  return drawn;
}

/**
 * Consumes up to maxMinor of the customer's credit in `currency` for `invoiceId`, lot by lot in the order the ledger
 * spends it; returns what it took. Finalize reads and applies in two steps around the domain's finalize step; this
 * is the two in one, for callers that draw credit alone.
 */
export async function consumeCustomerCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  use: CreditUse,
): Promise<bigint> {
  if (use.maxMinor <= 0n) return 0n;
  const sources = await readCustomerCreditSources(sql, transaction, use);
  const draws = drawCustomerCredit(sources, use.maxMinor);
  return applyCustomerCreditDraws(sql, transaction, { ...use, draws });
}
