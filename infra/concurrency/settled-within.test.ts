import { settledWithin } from './settled-within';

describe('settledWithin', () => {
  it('gives the value of a promise that fulfils in time', async () => {
    expect(await settledWithin(1_000, Promise.resolve(7))).toBe(7);
  });

  it('gives undefined for a promise that rejects, or that is still pending when the time is up', async () => {
    expect(await settledWithin(1_000, Promise.reject<number>(new Error('down')))).toBeUndefined();
    const never = new Promise<number>(() => {
      // Never settles.
    });
    expect(await settledWithin(20, never)).toBeUndefined();
  });
});
