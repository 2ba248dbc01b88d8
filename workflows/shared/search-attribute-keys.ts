import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes, defined once. They live with the workflows (which upsert them) so workflow code can
 * import them; the worker and the dev tooling register them on the server from this list.
 */
export const TENANT_ID_SEARCH_ATTRIBUTE = defineSearchAttributeKey('TenantId', SearchAttributeType.KEYWORD);
export const CUSTOMER_ID_SEARCH_ATTRIBUTE = defineSearchAttributeKey('CustomerId', SearchAttributeType.KEYWORD);
export const SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE = defineSearchAttributeKey(
  'SubscriptionStatus',
  SearchAttributeType.KEYWORD,
);

export const CUSTOM_SEARCH_ATTRIBUTES = [
  TENANT_ID_SEARCH_ATTRIBUTE,
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE,
] as const;
