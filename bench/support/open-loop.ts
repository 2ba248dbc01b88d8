/**
 * An open loop: request i is due at start + i / rate and is timed from then, whatever happened before, so a stalled
 * server or generator shows in the figures (a fixed-rate tool that waits for answers sends in bursts instead). `send`
 * answers whether the request got what it expected; a throw counts as not. Resolves with each request's latency from
 * its due time, the failures and the seconds from the first due time to the last answer.
 */
export async function runOpenLoop(input: {
  rate: number;
  count: number;
  /** Spin the last fraction of a millisecond before each due time: timers are not that precise. */
  spin?: boolean;
  send: (index: number) => Promise<boolean>;
}): Promise<{ latencies: number[]; failed: boolean[]; seconds: number }> {
  const interval = 1000 / input.rate;
  const latencies: number[] = [];
  const failed: boolean[] = [];
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  for (let index = 0; index < input.count; index += 1) {
    const due = start + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 0.5));
    while (input.spin === true && performance.now() < due) {
      // Busy until due.
    }
    const done = (ok: boolean) => {
      latencies[index] = performance.now() - due;
      failed[index] = !ok;
    };
    inFlight.push(
      input.send(index).then(done, () => {
        done(false);
      }),
    );
  }
  await Promise.all(inFlight);
  return { latencies, failed, seconds: (performance.now() - start) / 1000 };
}
