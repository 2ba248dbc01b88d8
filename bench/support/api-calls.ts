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
  // A 204 (a deletion) has no body.
  const text = await response.text();
  const json = (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>;
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export interface ApiSession {
  get: (route: string) => Promise<Record<string, unknown>>;
  post: (route: string, body: unknown) => Promise<Record<string, unknown>>;
  delete: (route: string) => Promise<Record<string, unknown>>;
}

/** A client bound to one origin and credential: `post('/api/plans', body)`. */
export function apiSession(origin: string, token: string | null): ApiSession {
  return {
    get: (route: string) => callApi({ origin, method: 'GET', route, token }),
    post: (route: string, body: unknown) => callApi({ origin, method: 'POST', route, token, body }),
    delete: (route: string) => callApi({ origin, method: 'DELETE', route, token }),
  };
}
