import type { OperatorService } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType, TypedSearchAttributes } from '@temporalio/common';
import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes';

/** Custom search attributes, defined once: workflows are listed and filtered by these in the UI and the API. */
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

/** `temporal server start-dev` arguments that pre-register the attributes (`--search-attribute TenantId=Keyword`). */
export function searchAttributeServerArgs(): string[] {
  return CUSTOM_SEARCH_ATTRIBUTES.flatMap((key) => [
    '--search-attribute',
    `${key.name}=${TypedSearchAttributes.toMetadataType(key.type)}`,
  ]);
}

type IndexedValueType = NonNullable<ReturnType<typeof encodeSearchAttributeIndexedValueType>>;

// gRPC status codes (the native worker connection and the client connection both report them as `code`).
const GRPC_ALREADY_EXISTS = 6;
const GRPC_UNIMPLEMENTED = 12;

/**
 * Adds the custom search attributes missing in `namespace`; idempotent and safe to run from every worker start.
 * Throws when an attribute exists with another type (that needs an operator, not a silent override).
 * Returns the names it added.
 */
export async function registerSearchAttributes(
  connection: { operatorService: OperatorService },
  namespace: string,
): Promise<string[]> {
  const existing = await listCustomSearchAttributes(connection.operatorService, namespace);
  const added: string[] = [];
  for (const key of CUSTOM_SEARCH_ATTRIBUTES) {
    const wanted = encodeSearchAttributeIndexedValueType(key.type);
    if (wanted === undefined) throw new Error(`Unknown search attribute type ${key.type}`);
    const current = existing?.[key.name];
    if (current !== undefined && current !== wanted) {
      throw new Error(`Search attribute ${key.name} exists in namespace ${namespace} with another type (${current})`);
    }
    if (current !== undefined) continue;
    try {
      // One at a time: an ALREADY_EXISTS then concerns exactly this attribute (a concurrent registration, or a
      // server that cannot list them, like the time-skipping test server).
      await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: { [key.name]: wanted } });
      added.push(key.name);
    } catch (error) {
      if (grpcCode(error) !== GRPC_ALREADY_EXISTS) throw error;
    }
  }
  return added;
}

/** Custom attribute types by name, or undefined when the server cannot list them. */
async function listCustomSearchAttributes(
  operatorService: OperatorService,
  namespace: string,
): Promise<Record<string, IndexedValueType> | undefined> {
  try {
    const response = await operatorService.listSearchAttributes({ namespace });
    return response.customAttributes;
  } catch (error) {
    if (grpcCode(error) === GRPC_UNIMPLEMENTED) return undefined;
    throw error;
  }
}

function grpcCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'number' ? error.code : undefined;
}
