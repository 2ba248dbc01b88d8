import { Semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('never lets more than its permits run at once, and runs every piece of work in arrival order', async () => {
    const semaphore = new Semaphore(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        semaphore.run(async () => {
          started.push(index);
          running += 1;
          most = Math.max(most, running);
          await tick();
          await tick();
          running -= 1;
          return index * 2;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 12 }, (_, index) => index));
    expect(results).toEqual(Array.from({ length: 12 }, (_, index) => index * 2));
  });

  it('gives the permit back when the work throws', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(() => Promise.resolve('after'))).resolves.toBe('after');
  });

  it('refuses fewer than one permit', () => {
    expect(() => new Semaphore(0)).toThrow('at least one permit');
    expect(() => new Semaphore(1.5)).toThrow('at least one permit');
  });
});
