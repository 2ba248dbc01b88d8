import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './openapi';

export type { components, operations, paths };

/** A client of every documented route, typed from the OpenAPI document: paths, parameters, bodies and answers. */
export type BillingClient = Client<paths>;

export interface BillingClientOptions {
  /** The server's origin, e.g. `http://localhost:3000` (the paths carry `/api`). */
  baseUrl: string;
  /** An API key for the data routes, or a JWT access token for `/tenants/me` routes. */
  token?: string;
  /** A fetch of your own (tests, proxies); the global one otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * `const billing = createBillingClient({ baseUrl, token })`, then e.g.
 * `const { data, error } = await billing.POST('/api/customers', { body: { externalId: 'acme', currency: 'USD' } })`:
 * `data` is the 2xx answer, `error` the documented error body, each typed for that route.
 */
export function createBillingClient(options: BillingClientOptions): BillingClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const { token } = options;
  if (token !== undefined) {
    client.use({
      onRequest: ({ request }) => {
        request.headers.set('Authorization', `Bearer ${token}`);
        return request;
      },
    });
  }
  return client;
}
