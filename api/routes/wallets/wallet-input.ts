import type { Decimal } from '../../../domain/money';
import {
  parseCredits,
  parseRate,
  recurringTopUpProblems,
  type CreditUnits,
  type RecurringTopUp,
} from '../../../domain/wallets';
import type { NewWallet, WalletChange, WalletTransactionRequest } from '../../../services/billing/wallets';
import { validationFailed, type ErrorDetail } from '../../../services/platform/errors';
import { requireCurrency } from '../../schemas/common';
import type { CreateWalletBody, CreateWalletTransactionsBody, RecurringTopUpBody, UpdateWalletBody } from './schema';

/** Credits with at most 5 decimals; a problem is pushed under `path`. */
function readCredits(value: number, path: string, details: ErrorDetail[]): CreditUnits | undefined {
  const parsed = parseCredits(value);
  if (!parsed.ok) return void details.push({ path, message: parsed.error.message });
  return parsed.value;
}

function readRate(value: number | undefined, details: ErrorDetail[]): Decimal {
  const parsed = parseRate(value ?? 1);
  if (!parsed.ok) details.push({ path: 'body.rateAmount', message: parsed.error.message });
  return parsed.ok ? parsed.value : { unscaled: 1n, scale: 0 };
}

/** An expiry must lie ahead: a wallet cannot be made (or moved) to expire in the past. */
function readExpiration(value: string | null | undefined, now: Date, details: ErrorDetail[]): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (at.getTime() <= now.getTime()) details.push({ path: 'body.expirationAt', message: 'must be in the future' });
  return at;
}

const optionalCredits = (value: number | undefined, path: string, details: ErrorDetail[]) =>
  value === undefined ? undefined : readCredits(value, path, details);

const thresholdOf = (value: number | null | undefined, details: ErrorDetail[]) =>
  value === null ? null : optionalCredits(value, 'body.lowBalanceThresholdCredits', details);

function readRule(body: RecurringTopUpBody, path: string, details: ErrorDetail[]): RecurringTopUp {
  const credits = (field: 'thresholdCredits' | 'paidCredits' | 'grantedCredits' | 'targetCredits') => {
    const value = body[field];
    return value === undefined || value === null ? null : (readCredits(value, `${path}.${field}`, details) ?? null);
  };
  return {
    trigger: body.trigger,
    interval: body.interval ?? null,
    thresholdCredits: credits('thresholdCredits'),
    method: body.method,
    paidCredits: credits('paidCredits'),
    grantedCredits: credits('grantedCredits'),
    targetCredits: credits('targetCredits'),
  };
}

/** The rules, each problem named `body.recurringTopUps.<i>.<field>` (at most one rule per trigger). */
function readTopUpRules(
  bodies: RecurringTopUpBody[] | undefined,
  details: ErrorDetail[],
): RecurringTopUp[] | undefined {
  if (bodies === undefined) return undefined;
  const path = 'body.recurringTopUps';
  const before = details.length;
  const rules = bodies.map((body, index) => readRule(body, `${path}.${index}`, details));
  // A credit amount refused above reads as missing: the rules are judged once their amounts are readable.
  if (details.length > before) return rules;
  for (const problem of recurringTopUpProblems(rules)) {
    const field = problem.field === null ? '' : `.${problem.field}`;
    details.push({ path: `${path}.${problem.index}${field}`, message: problem.message });
  }
  return rules;
}

function refuseAny(details: readonly ErrorDetail[]): void {
  if (details.length > 0) throw validationFailed(details);
}

/** POST /wallets: every field's problem named at once. */
export function toNewWallet(body: CreateWalletBody, now: Date): NewWallet {
  const details: ErrorDetail[] = [];
  const rate = readRate(body.rateAmount, details);
  const paidCredits = optionalCredits(body.paidCredits, 'body.paidCredits', details);
  const grantedCredits = optionalCredits(body.grantedCredits, 'body.grantedCredits', details);
  const expirationAt = readExpiration(body.expirationAt, now, details);
  const lowBalanceThresholdCredits = thresholdOf(body.lowBalanceThresholdCredits, details);
  const recurringTopUps = readTopUpRules(body.recurringTopUps, details);
  refuseAny(details);
  return {
    customerId: body.customerId,
    name: body.name ?? null,
    ...(body.currency === undefined ? {} : { currency: requireCurrency(body.currency, 'body.currency') }),
    rate,
    ...(paidCredits === undefined ? {} : { paidCredits }),
    ...(grantedCredits === undefined ? {} : { grantedCredits }),
    expirationAt: expirationAt ?? null,
    invoiceRequiresSuccessfulPayment: body.invoiceRequiresSuccessfulPayment ?? false,
    lowBalanceThresholdCredits: lowBalanceThresholdCredits ?? null,
    ...(recurringTopUps === undefined ? {} : { recurringTopUps }),
    now,
  };
}

/** PATCH /wallets/:id. */
export function toWalletChange(body: UpdateWalletBody, now: Date): WalletChange {
  const details: ErrorDetail[] = [];
  const expirationAt = readExpiration(body.expirationAt, now, details);
  const lowBalanceThresholdCredits = thresholdOf(body.lowBalanceThresholdCredits, details);
  const recurringTopUps = readTopUpRules(body.recurringTopUps, details);
  refuseAny(details);
  return {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(expirationAt === undefined ? {} : { expirationAt }),
    ...(lowBalanceThresholdCredits === undefined ? {} : { lowBalanceThresholdCredits }),
    ...(recurringTopUps === undefined ? {} : { recurringTopUps }),
  };
}

/** POST /wallets/transactions: at least one kind of credits, each with at most 5 decimals. */
export function toWalletTransactionRequest(body: CreateWalletTransactionsBody, now: Date): WalletTransactionRequest {
  const details: ErrorDetail[] = [];
  const paidCredits = optionalCredits(body.paidCredits, 'body.paidCredits', details);
  const grantedCredits = optionalCredits(body.grantedCredits, 'body.grantedCredits', details);
  const voidedCredits = optionalCredits(body.voidedCredits, 'body.voidedCredits', details);
  const given = [paidCredits, grantedCredits, voidedCredits].some((credits) => (credits ?? 0n) > 0n);
  if (!given && details.length === 0) {
    // Named after the first kind sent (all of them zero), or paidCredits when none was.
    const sent = (['paidCredits', 'grantedCredits', 'voidedCredits'] as const).find((key) => body[key] !== undefined);
    const path = `body.${sent ?? 'paidCredits'}`;
    details.push({ path, message: 'give paidCredits, grantedCredits or voidedCredits above 0' });
  }
  refuseAny(details);
  return {
    walletId: body.walletId,
    ...(paidCredits === undefined ? {} : { paidCredits }),
    ...(grantedCredits === undefined ? {} : { grantedCredits }),
    ...(voidedCredits === undefined ? {} : { voidedCredits }),
    context: { now, name: body.name ?? null, ...(body.metadata === undefined ? {} : { metadata: body.metadata }) },
  };
}
