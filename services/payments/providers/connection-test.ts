import type { Clock } from '../../../domain/clock';
import type { ProviderKind } from '../../../domain/payments';
import { outboundRequest } from '../../../infra/net/outbound-http';
import { describeNetworkError, readCappedText } from '../../../infra/net/response-body';
import type { ProviderCredentials } from './credentials';
import { authenticatedProbe, defaultBaseUrl, refusalMessage } from './provider-endpoints';

export type ConnectionTestResult =
  | { ok: true; provider: ProviderKind; checkedAt: Date }
  | { ok: false; provider: ProviderKind; statusCode: number | null; message: string; checkedAt: Date };

export interface ConnectionTestOptions {
  provider: ProviderCredentials;
  /** null: the provider's real API. */
  apiBaseUrl: string | null;
  allowPrivateTargets: boolean;
  /** The platform's public origin (`API_PUBLIC_URL`), where the sandbox provider is served. */
  platformUrl: string;
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
  const base = options.apiBaseUrl ?? defaultBaseUrl(provider, options.platformUrl);
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
      async (response) => ({
        statusCode: response.statusCode,
        text: await readCappedText(response.body, MAX_BODY_BYTES),
      }),
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
