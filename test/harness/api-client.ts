import { fetch, type Dispatcher, type Headers } from 'undici';

export interface Json {
  [key: string]: unknown;
}

/**
 * What the API answered. `status` and `body` are its only own fields, so a test compares replies whole
 * (`expect(read).toEqual({ status: 200, body: created.body })`) and a failed assertion prints just those;
 * `headers`, `text` and `bytes` are there to ask for.
 */
export class ApiReply<T = Json> {
  readonly status: number;
  /** The parsed JSON; `{}` when the response carries none (an empty body, or a PDF: read `bytes`). */
  readonly body: T;
  readonly #headers: Headers;
  readonly #bytes: Buffer;

  constructor(status: number, headers: Headers, bytes: Buffer) {
    this.status = status;
    this.#headers = headers;
    this.#bytes = bytes;
    const isJson = headers.get('content-type')?.includes('json') === true && bytes.length > 0;
    this.body = (isJson ? JSON.parse(bytes.toString('utf8')) : {}) as T;
  }

  get headers(): Headers {
    return this.#headers;
  }

  /** The body as received, e.g. to assert that it never contains a secret. */
  get text(): string {
    return this.#bytes.toString('utf8');
  }

  get bytes(): Buffer {
    return this.#bytes;
  }
}

export interface ApiRequest {
  method?: string | undefined;
  /** Sent as `Authorization: Bearer <token>` (an API key value or a JWT); none when absent or null. */
  token?: string | null | undefined;
  /** Sent as JSON, with its Content-Type. */
  body?: unknown;
  /** Extra request headers, e.g. X-Forwarded-For. */
  headers?: Record<string, string> | undefined;
  /** Where the request leaves from, e.g. an Agent bound to a loopback address of its own. */
  dispatcher?: Dispatcher | undefined;
}

/** One request to a URL of the test app, read whole. */
export async function callApi<T = Json>(url: string, request: ApiRequest = {}): Promise<ApiReply<T>> {
  const headers: Record<string, string> = { ...request.headers };
  if (typeof request.token === 'string') headers.Authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: request.method ?? 'GET',
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    ...(request.dispatcher === undefined ? {} : { dispatcher: request.dispatcher }),
  });
  return new ApiReply<T>(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
}

/** A call's options: `token` replaces the client's default credential (null: send none). */
export type ApiCallOptions = Omit<ApiRequest, 'method'>;

export type ApiCall = <T = Json>(method: string, path: string, options?: ApiCallOptions) => Promise<ApiReply<T>>;

/** Where a client's calls go (the URL paths are appended to) and, unless a call says otherwise, as whom. */
export interface ApiTarget {
  baseUrl: string;
  token?: string | undefined;
}

/**
 * Calls to one API as one caller. The target is read at each call because a test file starts its app and makes
 * its tenant in beforeAll, after the client is made: `apiClient(() => ({ baseUrl: `${api.url}/api`, token: ... }))`.
 */
export function apiClient(target: () => ApiTarget): ApiCall {
  return <T = Json>(method: string, path: string, options: ApiCallOptions = {}) => {
    const { baseUrl, token } = target();
    return callApi<T>(`${baseUrl}${path}`, {
      ...options,
      method,
      token: options.token === undefined ? token : options.token,
    });
  };
}
