import type { CreditUnits } from '../../../domain/wallets';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { changeWalletCredits } from '../../billing/prepaid-credit';
import { listWallets } from '../../billing/wallets';
import { conflict } from '../../platform/errors';

export interface PortalCreditPurchase {
  customerId: string;
  credits: CreditUnits;
  /** The form's one-time key: a repeat of the same form buys nothing more and answers the first purchase. */
  requestKey: string;
  now: Date;
}

const noActiveWallet = () => conflict('wallet_not_found', 'The customer has no active wallet to buy credits for');

/**
 * Paid credits for the customer's ACTIVE wallet, through the same use case as `POST /wallets/transactions`: a
 * credit-purchase invoice, finalized at once, and the same outbound events. Answers the id of that invoice.
 */
export async function buyPortalCredits(sql: TenantSql, request: PortalCreditPurchase): Promise<{ invoiceId: string }> {
  const active = await listWallets(sql, { customerId: request.customerId, status: 'ACTIVE', limit: 1, offset: 0 });
  const wallet = active.records[0];
  if (wallet === undefined) throw noActiveWallet();
  const made = await changeWalletCredits(sql, {
    walletId: wallet.id,
    paidCredits: request.credits,
    context: { now: request.now, requestKey: request.requestKey },
  });
  const purchase = made.find((transaction) => transaction.source === 'PURCHASE' && transaction.invoiceId !== null);
  if (purchase?.invoiceId === undefined || purchase.invoiceId === null) {
    throw new Error(`a purchase of credits for wallet ${wallet.id} made no invoice`);
  }
  return { invoiceId: purchase.invoiceId };
}
