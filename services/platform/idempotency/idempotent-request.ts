/** One idempotent request: whose key, which key, and what was asked (method, path, body as parsed JSON). */
export interface IdempotentRequest {
  apiKeyId: string;
  idempotencyKey: string;
  fingerprint: string;
}

/** The response a request gave, kept to be given again. */
export interface StoredResponse {
  status: number;
  body: unknown;
}
