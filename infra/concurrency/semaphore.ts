/**
 * At most `permits` holders at once; the rest wait in arrival order. Used where a burst of one kind of work would
 * otherwise hold every pooled database connection and starve the rest of the process.
 */
export class Semaphore {
  private available: number;
  private readonly waiting: (() => void)[] = [];

  constructor(permits: number) {
    if (!Number.isInteger(permits) || permits < 1) throw new Error(`A semaphore needs at least one permit: ${permits}`);
    this.available = permits;
  }

  /** Runs `work` once a permit is free and gives the permit back however `work` ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.available > 0) {
      this.available -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.available += 1;
    else next();
  }
}
