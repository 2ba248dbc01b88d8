/** A loop that runs `pass` every `intervalMs` until stopped. */
export interface PeriodicPass {
  /** Stops the loop; resolves once the pass in progress (if any) has finished. */
  stop: () => Promise<void>;
}

/**
 * Runs `pass` `intervalMs` after the previous one ended (passes never overlap), until stopped: the worker's loops
 * that send what a request could not (workflow starts, wakes). `pass` handles its own errors; one that escapes is
 * handed to `onError` and the loop goes on.
 */
export function startPeriodicPass(options: {
  intervalMs: number;
  pass: () => Promise<void>;
  onError: (error: unknown) => void;
}): PeriodicPass {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const guarded = async (): Promise<void> => {
    try {
      await options.pass();
    } catch (error) {
      options.onError(error);
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = guarded().finally(schedule);
    }, options.intervalMs);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
