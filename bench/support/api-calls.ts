import type { ApiCall, Json } from '../../test/harness/api-client';

/** One JSON request to an API process; anything but 2xx throws with the answer (a bench's set-up must not fail). */
export async function callApi(input: {
  origin: string;
  method: string;
  route: string;
  token: string | null;
  body?: unknown;
}): Promise<Record<string, unknown>> {
  const { origin, method, route, token, body } = input;
  const response = await fetch(`${origin}${route}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A client bound to one origin and credential: `post('/api/plans', body)`. */
export function apiSession(origin: string, token: string | null) {
  return {
    get: (route: string) => callApi({ origin, method: 'GET', route, token }),
    post: (route: string, body: unknown) => callApi({ origin, method: 'POST', route, token, body }),
    delete: (route: string) => callApi({ origin, method: 'DELETE', route, token }),
  };
}

/** POST through the test harness's client (an app served in the bench's own process), expecting 201. */
export async function created(call: ApiCall, path: string, body: Json): Promise<Json> {
  const reply = await call('POST', path, { body });
  if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}
