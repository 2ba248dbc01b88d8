import type { OperatorService } from '@temporalio/client';
import { TypedSearchAttributes, type SearchAttributeType } from '@temporalio/common';
import {
  encodeSearchAttributeIndexedValueType,
  type SearchAttributeKey,
} from '@temporalio/common/lib/search-attributes';

/** `temporal server start-dev` arguments that pre-register the attributes (`--search-attribute TenantId=Keyword`). */
export function searchAttributeServerArgs(keys: readonly AnySearchAttributeKey[]): string[] {
  return keys.flatMap((key) => ['--search-attribute', `${key.name}=${TypedSearchAttributes.toMetadataType(key.type)}`]);
}

export type AnySearchAttributeKey = SearchAttributeKey<SearchAttributeType>;

type IndexedValueType = NonNullable<ReturnType<typeof encodeSearchAttributeIndexedValueType>>;

// gRPC status codes (the native worker connection and the client connection both report them as `code`).
const GRPC_ALREADY_EXISTS = 6;
const GRPC_UNIMPLEMENTED = 12;

/**
 * Adds the custom search attributes missing in `namespace`; idempotent and safe to run from every worker start.
 * Throws when an attribute exists with another type (that needs an operator, not a silent override).
 * Returns the names it added.
 */
export async function registerSearchAttributes(options: {
  connection: { operatorService: OperatorService };
  namespace: string;
  keys: readonly AnySearchAttributeKey[];
}): Promise<string[]> {
  const { connection, namespace, keys } = options;
  const existing = await listCustomSearchAttributes(connection.operatorService, namespace);
  const added: string[] = [];
  for (const key of keys) {
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
