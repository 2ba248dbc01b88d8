import type { Clock } from '../../../domain/clock';
import { refusalMessage } from '../providers';
import { GatewayError } from './gateway';
import { isRetryableStatus, type ProviderAnswer } from './provider-http';

interface CachedToken {
  accessToken: string;
  /** Epoch milliseconds after which the token is not used any more. */
  renewAfter: number;
}

// Renewed this long before Daraja's own expiry, so that a token is never sent in its last seconds of life.
const RENEWAL_MARGIN_MS = 60_000;

/**
 * Daraja OAuth access tokens (client credentials, valid `expires_in` seconds, 3599 today), kept per base URL and
 * consumer key: each STK push, query and reversal needs one, and asking for a new one each time doubles the calls.
 * Kept in memory only: a token is cheap to get again after a restart. Concurrent callers share one token request.
 */
export class MpesaTokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<string>>();

  async token(key: string, clock: Clock, fetchToken: () => Promise<ProviderAnswer>): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached !== undefined && clock.now().getTime() < cached.renewAfter) return cached.accessToken;
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return inFlight;
    const request = fetchToken()
      .then((answer) => {
        const fresh = readToken(answer, clock);
        this.tokens.set(key, fresh);
        return fresh.accessToken;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  /** Daraja refused the token before its time (revoked, or the clocks disagree): the next call gets a new one. */
  forget(key: string): void {
    this.tokens.delete(key);
  }
}

/** The process's cache, shared by every M-Pesa gateway built without one of its own. */
export const sharedMpesaTokens = new MpesaTokenCache();

function readToken(answer: ProviderAnswer, clock: Clock): CachedToken {
  const body = typeof answer.json === 'object' && answer.json !== null ? (answer.json as Record<string, unknown>) : {};
  const accessToken = body.access_token;
  // Daraja sends expires_in as a string of seconds ("3599").
  const seconds = Number.parseInt(String(body.expires_in), 10);
  if (answer.statusCode !== 200 || typeof accessToken !== 'string' || accessToken === '' || !(seconds > 0)) {
    throw new GatewayError(
      `M-Pesa refused the access token request: ${refusalMessage('MPESA', answer.statusCode, answer.text)}`,
      isRetryableStatus(answer.statusCode),
      answer.statusCode,
    );
  }
  return { accessToken, renewAfter: clock.now().getTime() + seconds * 1000 - RENEWAL_MARGIN_MS };
}
