import type { OperatorService } from '@temporalio/client';
import { CUSTOM_SEARCH_ATTRIBUTES, TENANT_ID_SEARCH_ATTRIBUTE } from '../../workflows/shared/search-attribute-keys';
import { registerSearchAttributes, searchAttributeServerArgs } from './search-attributes';

const KEYWORD = 2;
const TEXT = 1;

function grpcError(code: number): Error {
  return Object.assign(new Error(`gRPC status ${code}`), { code });
}

/** An in-memory operator service: the part of the server registerSearchAttributes talks to. */
function fakeOperatorService(options: { existing?: Record<string, number>; canList?: boolean } = {}) {
  const attributes: Record<string, number> = { ...options.existing };
  const addCalls: string[][] = [];
  const operatorService = {
    listSearchAttributes: () => {
      if (options.canList === false) return Promise.reject(grpcError(12));
      return Promise.resolve({ customAttributes: { ...attributes } });
    },
    addSearchAttributes: ({ searchAttributes }: { searchAttributes: Record<string, number> }) => {
      const names = Object.keys(searchAttributes);
      addCalls.push(names);
      if (names.some((name) => name in attributes)) return Promise.reject(grpcError(6));
      Object.assign(attributes, searchAttributes);
      return Promise.resolve({});
    },
  };
  return { connection: { operatorService: operatorService as unknown as OperatorService }, attributes, addCalls };
}

describe('registerSearchAttributes', () => {
  const allNames = CUSTOM_SEARCH_ATTRIBUTES.map((key) => key.name);

  test('adds every missing attribute as a Keyword', async () => {
    const server = fakeOperatorService();
    await expect(
      registerSearchAttributes({ connection: server.connection, namespace: 'billing', keys: CUSTOM_SEARCH_ATTRIBUTES }),
    ).resolves.toEqual(allNames);
    expect(server.attributes).toEqual({ TenantId: KEYWORD, CustomerId: KEYWORD, SubscriptionStatus: KEYWORD });
  });

  test('is idempotent: a second run adds nothing and calls no add', async () => {
    const server = fakeOperatorService();
    await registerSearchAttributes({
      connection: server.connection,
      namespace: 'billing',
      keys: CUSTOM_SEARCH_ATTRIBUTES,
    });
    const callsAfterFirstRun = server.addCalls.length;
    await expect(
      registerSearchAttributes({ connection: server.connection, namespace: 'billing', keys: CUSTOM_SEARCH_ATTRIBUTES }),
    ).resolves.toEqual([]);
    expect(server.addCalls).toHaveLength(callsAfterFirstRun);
  });

  test('adds only what is missing', async () => {
    const server = fakeOperatorService({ existing: { TenantId: KEYWORD } });
    await expect(
      registerSearchAttributes({ connection: server.connection, namespace: 'billing', keys: CUSTOM_SEARCH_ATTRIBUTES }),
    ).resolves.toEqual(['CustomerId', 'SubscriptionStatus']);
  });

  test('tolerates a server that cannot list (time-skipping server) when the attributes exist', async () => {
    const server = fakeOperatorService({ canList: false, existing: { TenantId: KEYWORD } });
    await expect(
      registerSearchAttributes({ connection: server.connection, namespace: 'billing', keys: CUSTOM_SEARCH_ATTRIBUTES }),
    ).resolves.toEqual(['CustomerId', 'SubscriptionStatus']);
    await expect(
      registerSearchAttributes({ connection: server.connection, namespace: 'billing', keys: CUSTOM_SEARCH_ATTRIBUTES }),
    ).resolves.toEqual([]);
  });

  test('refuses to paper over an attribute registered with another type', async () => {
    const server = fakeOperatorService({ existing: { TenantId: TEXT } });
    await expect(
      registerSearchAttributes({ connection: server.connection, namespace: 'billing', keys: CUSTOM_SEARCH_ATTRIBUTES }),
    ).rejects.toThrow(/TenantId .*another type/);
  });
});

describe('searchAttributeServerArgs', () => {
  test('pre-registers the same attributes on a dev server', () => {
    expect(searchAttributeServerArgs(CUSTOM_SEARCH_ATTRIBUTES)).toEqual([
      '--search-attribute',
      'TenantId=Keyword',
      '--search-attribute',
      'CustomerId=Keyword',
      '--search-attribute',
      'SubscriptionStatus=Keyword',
    ]);
    expect(TENANT_ID_SEARCH_ATTRIBUTE).toEqual({ name: 'TenantId', type: 'KEYWORD' });
  });
});
