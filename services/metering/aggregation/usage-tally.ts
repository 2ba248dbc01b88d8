import { createRational, type Rational } from '../../../domain/money';

/** How two partial aggregates of one bucket combine: counts, sums and weighted sums add; maxima take the greater. */
export type TallyMerge = 'ADD' | 'MAX';

/** Per bucket (charge filters 0, 1, ..., the rest -1): the aggregate of some rows, null where none had a value. */
export type BucketAggregates = ReadonlyMap<number, Rational | null>;

/**
 * What one aggregation (one subscription, metric, window and set of charge filters) has counted so far: the rows
 * up to `floorSeq`, which no later commit can add to. Rows are only ever appended to `events`, so the aggregate of the
 * rows at or below the floor is the same in every snapshot that sees them all.
 */
export interface TallyEntry {
  /** Every row with a `seq` at or below this one that will ever be committed is counted in `settled`. */
  floorSeq: bigint;
  settled: BucketAggregates;
  /** A snapshot sees every row at or below `floorSeq` once its xmin has reached this xid: an older one cannot use it. */
  floorXid: bigint;
  /** The highest `seq` a read saw and its snapshot's xmax: the next floor once every xid below that xmax has ended. */
  candidate: { seq: bigint; xmax: bigint } | null;
}

/** One read of the rows above the floor, in one snapshot. */
export interface TailReading {
  /** The snapshot's xmin (every xid below it had ended) and xmax (no xid at or above it had started), as xid8. */
  xmin: bigint;
  xmax: bigint;
  /** Per bucket: the aggregate of the rows above the floor, and of those of them at or below the candidate's seq. */
  all: BucketAggregates;
  upToCandidate: BucketAggregates;
  /** The highest `seq` read, null when there was no row above the floor. */
  lastSeq: bigint | null;
}

/** An aggregation not counted before: its first read is of every row. */
export const FRESH_ENTRY: TallyEntry = { floorSeq: -1n, settled: new Map(), floorXid: 0n, candidate: null };

/** Whether the reading's snapshot sees every row the entry's floor counts (if not, the entry cannot serve it). */
export const canServe = (entry: TallyEntry, reading: Pick<TailReading, 'xmin'>): boolean =>
  reading.xmin >= entry.floorXid;

/**
 * The aggregate the reading's snapshot sees (what the entry settled plus the rows above its floor), and the entry to
 * keep. The floor moves up to the candidate once the reading's xmin has passed the candidate's xmax: every
 * transaction that had taken a `seq` at or below the candidate's had its xid by then (ingestion locks its
 * subscriptions before it inserts), so all of them have ended and no row can appear at or below it any more.
 */
export function advanceTally(
  entry: TallyEntry,
  reading: TailReading,
  merge: TallyMerge,
): { buckets: Map<number, Rational | null>; next: TallyEntry } {
  if (!canServe(entry, reading)) throw new Error('A tally entry served a snapshot that does not see its floor');
  const buckets = mergeBuckets(merge, entry.settled, reading.all);
  const promote = entry.candidate !== null && reading.xmin >= entry.candidate.xmax;
  const settled = promote ? mergeBuckets(merge, entry.settled, reading.upToCandidate) : entry.settled;
  const floorSeq = promote && entry.candidate !== null ? entry.candidate.seq : entry.floorSeq;
  const floorXid = promote && entry.candidate !== null ? entry.candidate.xmax : entry.floorXid;
  const kept = promote ? null : entry.candidate;
  const seen = reading.lastSeq;
  const candidate = kept ?? (seen !== null && seen > floorSeq ? { seq: seen, xmax: reading.xmax } : null);
  return { buckets, next: { floorSeq, settled, floorXid, candidate } };
}

/** The two sets of partial aggregates combined bucket by bucket. */
export function mergeBuckets(
  merge: TallyMerge,
  left: BucketAggregates,
  right: BucketAggregates,
): Map<number, Rational | null> {
  const merged = new Map(left);
  for (const [bucket, value] of right) merged.set(bucket, combine(merge, merged.get(bucket) ?? null, value));
  return merged;
}

function combine(merge: TallyMerge, left: Rational | null, right: Rational | null): Rational | null {
  if (left === null) return right;
  if (right === null) return left;
  const leftScaled = left.numerator * right.denominator;
  const rightScaled = right.numerator * left.denominator;
  if (merge === 'MAX') return leftScaled >= rightScaled ? left : right;
  return createRational(leftScaled + rightScaled, left.denominator * right.denominator);
}

/** The process's running aggregates, by aggregation; the oldest are dropped past `maxEntries`. */
export interface UsageTally {
  read: (key: string) => TallyEntry | undefined;
  /** Keeps `next` unless another read replaced `read` meanwhile (the later floor wins). */
  write: (key: string, change: { read: TallyEntry | undefined; next: TallyEntry }) => void;
  /**
   * How reads were answered: from the floor and the rows above it, or from every row (fresh, or the floor unseen);
   * and how many of them moved a floor up (none: something kept PostgreSQL's snapshot horizon back).
   */
  readonly counts: { tallied: number; whole: number; floorsMoved: number };
}

/**
 * Running aggregates kept in the process that reads them (the worker's wallet checks): nothing is written to
 * PostgreSQL, a restart starts from every row again, and two processes each keep their own.
 */
export function createUsageTally(options: { maxEntries?: number } = {}): UsageTally {
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, TallyEntry>();
  const counts = { tallied: 0, whole: 0, floorsMoved: 0 };
  return {
    counts,
    read: (key) => entries.get(key),
    write: (key, { read, next }) => {
      if (entries.get(key) !== read) return;
      entries.delete(key);
      entries.set(key, next);
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}

/**
 * Another reader of `tally`'s running aggregates, counting its own reads: the wallet workflows' balance checks share
 * the worker's usage loop's aggregates (so a check woken by a top-up or an alert reads only the events since the
 * loop's last floor) and the two are counted apart. Entries are replaced only over the one each read started from,
 * so two readers of one aggregation never undo each other's floor.
 */
export function sharingEntries(tally: UsageTally): UsageTally {
  return { read: tally.read, write: tally.write, counts: { tallied: 0, whole: 0, floorsMoved: 0 } };
}
