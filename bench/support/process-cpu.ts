import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/**
 * User and system CPU seconds a process has used so far (`/proc/<pid>/stat`); 0 once it is gone or without a pid. On
 * a shared machine the CPU a measured process used is steadier than its wall-clock figures.
 */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The summed CPU seconds of several processes (the API processes of a run, its workers). */
export const cpuSecondsOfAll = (pids: readonly (number | undefined)[]): number =>
  pids.reduce((total: number, pid) => total + cpuSecondsOf(pid), 0);

/** CPU seconds used so far by each PostgreSQL server process on this machine, by pid. */
export function postgresCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // Gone meanwhile.
    }
  }
  return byPid;
}

/**
 * CPU seconds PostgreSQL used between two readings: the processes alive at the end (a backend that ended meanwhile
 * took its figures with it), counted from zero when they started meanwhile. Every database's work counts.
 */
export function postgresCpuBetween(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
