import { isUpgrade } from './plan-comparison';

describe('isUpgrade: a higher price per day', () => {
  test.each([
    ['29.00 → 79.00 monthly', 2900n, 'MONTHLY', 7900n, 'MONTHLY', true],
    ['79.00 → 29.00 monthly', 7900n, 'MONTHLY', 2900n, 'MONTHLY', false],
    ['the same price per day is not an upgrade', 2900n, 'MONTHLY', 8700n, 'QUARTERLY', false],
    ['monthly 100 → yearly 1000 is cheaper per day', 10_000n, 'MONTHLY', 100_000n, 'YEARLY', false],
    ['monthly 100 → yearly 1300 is dearer per day', 10_000n, 'MONTHLY', 130_000n, 'YEARLY', true],
    ['weekly 10 → monthly 40 is cheaper per day (43.45 a month)', 1000n, 'WEEKLY', 4000n, 'MONTHLY', false],
    ['weekly 10 → monthly 45 is dearer per day', 1000n, 'WEEKLY', 4500n, 'MONTHLY', true],
  ] as const)('%s', (_name, fromAmount, fromInterval, toAmount, toInterval, expected) => {
    expect(
      isUpgrade({
        from: { amountMinor: fromAmount, interval: fromInterval },
        to: { amountMinor: toAmount, interval: toInterval },
      }),
    ).toBe(expected);
  });
});
