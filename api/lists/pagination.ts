import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { named } from '../openapi/schema-registry';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Keeps the row offset ((page - 1) * limit, under 1e9) well inside PostgreSQL's OFFSET and a safe integer. */
export const MAX_PAGE = 10_000_000;

/** `page` and `limit` of CONTRACT.md §4; spread into every list route's query schema. */
export const paginationQueryProperties = {
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: 'Page number, starting at 1' }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Page size' }),
};

export const PaginationQuerySchema = Type.Object(paginationQueryProperties, { additionalProperties: false });
export type PaginationQuery = Static<typeof PaginationQuerySchema>;

export interface PageWindow {
  page: number;
  limit: number;
  offset: number;
}

export const ListMetaSchema = named(
  'ListMeta',
  Type.Object(
    {
      total: Type.Integer({ minimum: 0 }),
      page: Type.Integer({ minimum: 1 }),
      limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE }),
      totalPages: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
);

/** The list envelope of CONTRACT.md §4 around one record schema. */
export function listEnvelopeSchema<T extends TSchema>(name: string, item: T) {
  return named(name, Type.Object({ data: Type.Array(item), meta: ListMetaSchema }, { additionalProperties: false }));
}

export interface ListEnvelope<T> {
  data: T[];
  meta: Static<typeof ListMetaSchema>;
}

/** Turns a validated `page`/`limit` pair (defaults already applied) into the rows to fetch. */
export function pageWindow(query: { page: number; limit: number }): PageWindow {
  return { page: query.page, limit: query.limit, offset: (query.page - 1) * query.limit };
}

export function toListEnvelope<T>(
  data: T[],
  total: number,
  window: Pick<PageWindow, 'page' | 'limit'>,
): ListEnvelope<T> {
  return {
    data,
    meta: { total, page: window.page, limit: window.limit, totalPages: Math.ceil(total / window.limit) },
  };
}
