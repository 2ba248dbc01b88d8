export { createPostgresRateLimitStore, tenantBucket, type RateLimitStore, type WindowCount } from './rate-limit-store';
export { MAX_TENANT_RATE_LIMIT, setTenantRateLimit } from './tenant-rate-limit';
