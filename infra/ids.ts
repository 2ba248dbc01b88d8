import { monotonicFactory } from 'ulid';
import { formatId, type Id, type IdKind } from '../domain/ids';

// Monotonic: ids made in the same millisecond still sort in creation order ("newest first" lists rely on it).
const nextUlid = monotonicFactory();

/** A new id of CONTRACT §3's shape, e.g. `newId('customer')` → `cust_01JD...`. */
export function newId<K extends IdKind>(kind: K): Id<K> {
  return formatId(kind, nextUlid());
}
