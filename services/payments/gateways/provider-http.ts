import { outboundRequest } from '../../../infra/net/outbound-http';
import { describeNetworkError, readCappedText } from '../../../infra/net/response-body';
import { GatewayError, type GatewayOptions } from './gateway';

export interface ProviderCall {
  /** The provider's own origin, used when the configuration has no `apiBaseUrl`. */
  defaultBaseUrl: string;
  method: 'GET' | 'POST';
  /** Path and query below the base URL. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ProviderAnswer {
  statusCode: number;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON (Daraja sometimes answers with an empty body). */
  json: unknown;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * One HTTP call to a provider's API through the outbound policy (a tenant's `apiBaseUrl` is checked like any
 * address a tenant chose; the providers' own origins are the platform's). Every status is an answer for the adapter
 * to read; a refused address or a network failure throws a GatewayError (retryable unless the address was refused).
 */
export async function callProvider(options: GatewayOptions, call: ProviderCall): Promise<ProviderAnswer> {
  const base = (options.apiBaseUrl ?? call.defaultBaseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let outcome;
  try {
    outcome = await outboundRequest(
      {
        url: `${base}${call.path}`,
        policy: { allowPrivateTargets: options.apiBaseUrl === null || options.allowPrivateTargets },
        method: call.method,
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body }),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      async (response) => ({
        statusCode: response.statusCode,
        text: await readCappedText(response.body, MAX_BODY_BYTES),
      }),
    );
  } catch (error) {
    throw new GatewayError(`Could not reach ${new URL(base).host}: ${describeNetworkError(error)}`, true);
  }
  if (!outcome.ok) throw new GatewayError(`apiBaseUrl refused: ${outcome.refused}`, false);
  return { ...outcome.value, json: parseJson(outcome.value.text) };
}

/** 5xx and 429 are worth another try; other refusals are the provider's answer. */
export function isRetryableStatus(statusCode: number): boolean {
  return statusCode >= 500 || statusCode === 429;
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
