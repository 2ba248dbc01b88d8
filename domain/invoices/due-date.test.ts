import { resolveDueDate } from './due-date';

describe('resolveDueDate', () => {
  it('takes a calendar date as the start of that day in the customer’s zone', () => {
    expect(resolveDueDate({ date: '2030-02-15' }, 'America/Los_Angeles').toISOString()).toBe(
      '2030-02-15T08:00:00.000Z',
    );
    expect(resolveDueDate({ date: '2030-02-15' }, 'Asia/Tokyo').toISOString()).toBe('2030-02-14T15:00:00.000Z');
    expect(resolveDueDate({ date: '2030-02-15' }, 'UTC').toISOString()).toBe('2030-02-15T00:00:00.000Z');
  });

  it('takes an instant as it is', () => {
    const instant = new Date('2030-02-15T10:30:00.000Z');
    expect(resolveDueDate({ instant }, 'Asia/Tokyo')).toBe(instant);
  });
});
