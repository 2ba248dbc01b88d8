import type { Clock } from '../../domain/clock';
import { outboundRequest } from '../../infra/net/outbound-http';
import type { ProviderCredentials, ProviderKind } from './credentials';
import { authenticatedProbe, defaultBaseUrl, refusalMessage } from './provider-endpoints';

export type ConnectionTestResult =
  | { ok: true; provider: ProviderKind; checkedAt: Date }
  | { ok: false; provider: ProviderKind; statusCode: number | null; message: string; checkedAt: Date };

export interface ConnectionTestOptions {
  provider: ProviderCredentials;
  /** null: the provider's real API. */
  apiBaseUrl: string | null;
  allowPrivateTargets: boolean;
  timeoutMs?: number;
  /** Stamps `checkedAt`. */
  clock: Clock;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 64 * 1024;

/**
 * Calls the provider's authenticated probe with the stored credentials. A refusal (any non-2xx) and a network
 * failure are results, not exceptions: `statusCode` is the provider's status, null when no answer came.
 */
export async function testProviderConnection(options: ConnectionTestOptions): Promise<ConnectionTestResult> {
  const { provider } = options;
  const { clock } = options;
  const failed = (statusCode: number | null, message: string): ConnectionTestResult => ({
    ok: false,
    provider: provider.provider,
    statusCode,
    message,
    checkedAt: clock.now(),
  });
  const base = options.apiBaseUrl ?? defaultBaseUrl(provider);
  const probe = authenticatedProbe(provider);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    // A tenant's base URL is checked again now (its DNS answer may have changed since it was saved) and the
    // connection goes to the address checked. The providers' own URLs (null) are the platform's, not a tenant's.
    const outcome = await outboundRequest(
      {
        url: `${base.replace(/\/+$/, '')}${probe.path}`,
        policy: { allowPrivateTargets: options.apiBaseUrl === null || options.allowPrivateTargets },
        method: 'GET',
        headers: { authorization: probe.authorization, accept: 'application/json' },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      async (response) => ({ statusCode: response.statusCode, text: await readCapped(response.body) }),
    );
    if (!outcome.ok) return failed(null, `apiBaseUrl refused: ${outcome.refused}`);
    const { statusCode, text } = outcome.value;
    if (statusCode >= 200 && statusCode < 300) {
      return { ok: true, provider: provider.provider, checkedAt: clock.now() };
    }
    return failed(statusCode, refusalMessage(provider.provider, statusCode, text));
  } catch (error) {
    return failed(null, `Could not reach ${new URL(base).host}: ${describeNetworkError(error)}`);
  }
}

async function readCapped(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= MAX_BODY_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? error.message;
}
