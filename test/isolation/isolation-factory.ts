/** What a resource provides to the route-table tenant isolation test (api/tenant-isolation.int.test.ts). */

export interface Tenant {
  id: string;
  accessToken: string;
  apiKey: string;
}

export type Credential = 'jwt' | 'apiKey';
export type AuthKind = 'none' | Credential;

export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

export interface FactoryContext {
  owner: Tenant;
  /** Calls the API as `token` (a JWT or an API key value); paths are relative to /api. */
  call: (token: string, method: string, path: string, body?: unknown) => Promise<Reply>;
}

export interface IsolationFactory {
  /** Creates one resource of this kind in `owner` and returns the path parameters that address it. */
  create: (context: FactoryContext) => Promise<Record<string, string>>;
  /**
   * Request bodies for the routes of this resource whose body schema has required properties, keyed by
   * `METHOD /path` (e.g. `PATCH /customers/:id`): without one they would answer 400 before they could answer 404.
   */
  bodies?: Readonly<Record<string, unknown>>;
  /** Asserts that the owner's resource is untouched after the other tenant's attempts (e.g. not revoked). */
  ownerStillHas?: (context: FactoryContext, params: Record<string, string>) => Promise<void>;
}
