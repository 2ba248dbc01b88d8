import { loadavg } from 'node:os';

/**
 * The 1, 5 and 15 minute load averages as `uptime` prints them. Benches print it before and after they measure: on a
 * machine shared with other work it says what share of the cores the measured processes can have had.
 */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
