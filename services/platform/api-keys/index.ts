export { createApiKeyAuthenticator, type ApiKeyAuthenticator } from './api-key-authentication';
export { generateApiKeySecret, hashApiKey, looksLikeApiKey } from './api-key-secret';
export { createApiKey, listApiKeys, revokeApiKey, type ApiKeyRecord } from './api-keys';
