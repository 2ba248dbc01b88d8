import { isOverdue } from './invoice-overdue';

const NOW = new Date('2026-03-10T12:00:00Z');
const BEFORE = new Date('2026-03-09T00:00:00Z');
const AFTER = new Date('2026-03-11T00:00:00Z');

describe('an overdue invoice', () => {
  it.each([
    ['OPEN past its due date', 'OPEN', BEFORE, true],
    ['UNCOLLECTIBLE past its due date', 'UNCOLLECTIBLE', BEFORE, true],
    ['OPEN due at this very instant', 'OPEN', NOW, true],
    ['OPEN not yet due', 'OPEN', AFTER, false],
    ['OPEN without a due date', 'OPEN', null, false],
    ['PAID past its due date', 'PAID', BEFORE, false],
    ['VOIDED past its due date', 'VOIDED', BEFORE, false],
    ['DRAFT past its due date', 'DRAFT', BEFORE, false],
  ] as const)('%s: %s', (_, status, dueDate, expected) => {
    expect(isOverdue({ status, dueDate }, NOW)).toBe(expected);
  });
});
