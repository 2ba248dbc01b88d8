import type { CreditUnits } from './credits';

/** Where settled credits came from: bought (PAID) or given (GRANTED). */
export type CreditKind = 'GRANTED' | 'PAID';

/** Credits of one settled inbound transaction still in the wallet. */
export interface CreditLot {
  /** The inbound transaction's id. */
  id: string;
  kind: CreditKind;
  remaining: CreditUnits;
  /** When it settled: older lots are taken first. */
  settledAt: Date;
}

/** Credits taken from one lot. */
export interface LotTake {
  lotId: string;
  kind: CreditKind;
  credits: CreditUnits;
}

const KIND_ORDER: Readonly<Record<CreditKind, number>> = { GRANTED: 0, PAID: 1 };

/**
 * The order credits leave a wallet, for consumption and voids alike: granted before paid (a customer keeps what they
 * paid for longest), then oldest first, then by id so equal instants keep one order.
 */
export function takingOrder(lots: readonly CreditLot[]): CreditLot[] {
  return [...lots].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.settledAt.getTime() - b.settledAt.getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The sum of the lots' remaining credits: the wallet's credits balance. */
export const lotsBalance = (lots: readonly CreditLot[]): CreditUnits =>
  lots.reduce((sum, lot) => sum + lot.remaining, 0n);

/**
 * Takes `credits` from the lots in taking order; undefined when the lots hold fewer (the caller refuses, e.g. 409
 * `insufficient_wallet_credits`). Lots with nothing left are skipped; no take is of zero credits.
 */
export function takeCredits(lots: readonly CreditLot[], credits: CreditUnits): LotTake[] | undefined {
  if (credits < 0n) throw new RangeError('credits to take must not be negative');
  if (lotsBalance(lots) < credits) return undefined;
  const takes: LotTake[] = [];
  let left = credits;
  for (const lot of takingOrder(lots)) {
    if (left === 0n) break;
    if (lot.remaining <= 0n) continue;
    const taken = lot.remaining < left ? lot.remaining : left;
    takes.push({ lotId: lot.id, kind: lot.kind, credits: taken });
    left -= taken;
  }
  return takes;
}
