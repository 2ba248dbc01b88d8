import { createHash } from 'node:crypto';

/**
 * The identity of one idempotent request, for handlers whose effect must not happen twice (a refund): the same for
 * every run of the request, a takeover after its process died included, and different for any other request. The
 * key's claim time is part of it: a key whose row expired (24 h) starts a new request, which must not meet the old
 * one's records.
 */
export function requestKeyOf(claim: { apiKeyId: string; idempotencyKey: string; claimedAt: Date | string }): string {
  const claimedAt = new Date(claim.claimedAt).toISOString();
  return createHash('sha256')
    .update(JSON.stringify([claim.apiKeyId, claim.idempotencyKey, claimedAt]))
    .digest('hex');
}
