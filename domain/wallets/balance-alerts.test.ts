import fc from 'fast-check';
import { wholeCredits } from './credits';
import { alertStateAtCreation, evaluateWalletAlerts, type AlertReading, type AlertState } from './balance-alerts';

const QUIET: AlertState = { lowBalanceSent: false, depletedSent: false, thresholdFired: false };
const reading = (credits: bigint, fields: Partial<AlertReading> = {}): AlertReading => ({
  ongoingCredits: wholeCredits(credits),
  ongoingBalanceMinor: credits * 100n,
  lowBalanceThresholdCredits: wholeCredits(10n),
  topUpThresholdCredits: null,
  topUpPending: false,
  ...fields,
});

describe('evaluateWalletAlerts', () => {
  it('tells low_balance at the threshold, depleted at zero, each once per crossing', () => {
    const first = evaluateWalletAlerts(QUIET, reading(10n));
    expect(first.alerts).toEqual(['wallet.low_balance']);
    const lower = evaluateWalletAlerts(first.next, reading(3n));
    expect(lower.alerts).toEqual([]);
    const empty = evaluateWalletAlerts(lower.next, reading(0n));
    expect(empty.alerts).toEqual(['wallet.depleted']);
    const below = evaluateWalletAlerts(empty.next, reading(-5n));
    expect(below.alerts).toEqual([]);
    const risen = evaluateWalletAlerts(below.next, reading(50n));
    expect([risen.alerts, risen.next]).toEqual([[], QUIET]);
    expect(evaluateWalletAlerts(risen.next, reading(-1n)).alerts).toEqual(['wallet.low_balance', 'wallet.depleted']);
  });

  it('tells a crossing that came and went between two readings once, and is ready for the next', () => {
    const dip = { lowest: { ongoingCredits: wholeCredits(0n), ongoingBalanceMinor: 0n } };
    const bounced = evaluateWalletAlerts(QUIET, reading(50n, dip));
    expect([bounced.alerts, bounced.next]).toEqual([['wallet.low_balance', 'wallet.depleted'], QUIET]);
    expect(evaluateWalletAlerts(bounced.next, reading(-1n)).alerts).toEqual(['wallet.low_balance', 'wallet.depleted']);
    // Already told for the fall it is still in: not again.
    const told = { lowBalanceSent: true, depletedSent: false, thresholdFired: false };
    expect(
      evaluateWalletAlerts(
        told,
        reading(5n, { lowest: { ongoingCredits: wholeCredits(2n), ongoingBalanceMinor: 200n } }),
      ).alerts,
    ).toEqual([]);
    // A fall already made good buys no top-up.
    const rule = { topUpThresholdCredits: wholeCredits(20n), ...dip };
    expect(evaluateWalletAlerts(QUIET, reading(50n, rule)).fireThresholdTopUp).toBe(false);
  });

  it('sends no low_balance without a threshold', () => {
    expect(evaluateWalletAlerts(QUIET, reading(1n, { lowBalanceThresholdCredits: null })).alerts).toEqual([]);
  });

  it('fires the THRESHOLD top-up once per fall, and not while a purchase it started is PENDING', () => {
    const rule = { topUpThresholdCredits: wholeCredits(20n) };
    const fall = evaluateWalletAlerts(QUIET, reading(20n, rule));
    expect(fall.fireThresholdTopUp).toBe(true);
    expect(evaluateWalletAlerts(fall.next, reading(5n, rule)).fireThresholdTopUp).toBe(false);
    const risen = evaluateWalletAlerts(fall.next, reading(21n, rule));
    expect(risen.next.thresholdFired).toBe(false);
    expect(evaluateWalletAlerts(risen.next, reading(19n, { ...rule, topUpPending: true })).fireThresholdTopUp).toBe(
      false,
    );
    expect(evaluateWalletAlerts(risen.next, reading(19n, rule)).fireThresholdTopUp).toBe(true);
  });

  it('over any walk of balances, tells each alert exactly once per downward crossing', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -50n, max: 50n }), { maxLength: 40 }), (walk) => {
        let state = QUIET;
        let wasLow = false;
        let crossings = 0;
        let told = 0;
        for (const credits of walk) {
          const low = credits <= 10n;
          if (low && !wasLow) crossings += 1;
          wasLow = low;
          const decision = evaluateWalletAlerts(state, reading(credits));
          told += decision.alerts.filter((alert) => alert === 'wallet.low_balance').length;
          state = decision.next;
        }
        expect(told).toBe(crossings);
      }),
    );
  });

  it('starts a wallet made empty or low as told: what it is made with is no crossing', () => {
    const made = (credits: bigint, threshold: bigint | null) =>
      alertStateAtCreation({
        creditsBalance: wholeCredits(credits),
        balanceMinor: credits * 100n,
        lowBalanceThresholdCredits: threshold === null ? null : wholeCredits(threshold),
      });
    expect(made(0n, 5n)).toEqual({ lowBalanceSent: true, depletedSent: true, thresholdFired: false });
    expect(made(3n, 5n)).toEqual({ lowBalanceSent: true, depletedSent: false, thresholdFired: false });
    expect(made(30n, null)).toEqual(QUIET);
    // Made empty, it tells nothing until credits raise it and usage takes them again.
    const empty = made(0n, 5n);
    expect(evaluateWalletAlerts(empty, reading(0n, { lowBalanceThresholdCredits: wholeCredits(5n) })).alerts).toEqual(
      [],
    );
    const raised = evaluateWalletAlerts(empty, reading(20n, { lowBalanceThresholdCredits: wholeCredits(5n) })).next;
    expect(evaluateWalletAlerts(raised, reading(0n, { lowBalanceThresholdCredits: wholeCredits(5n) })).alerts).toEqual([
      'wallet.low_balance',
      'wallet.depleted',
    ]);
  });
});
