import type { TestApi } from './api-harness';

/** The part of pg's pool this file uses (pg ships no types here). */
interface PgPool {
  connect: () => Promise<{ release: () => void }>;
}

/**
 * The statements the API's pg clients send to PostgreSQL while `request` runs, whitespace folded: inlined through the
 * ORM or bound (a batch insert), BEGIN and COMMIT included.
 */
export async function statementsOf(api: TestApi, request: () => Promise<unknown>): Promise<string[]> {
  const pool = (await api.orm.em.getConnection().getNativeClient()) as unknown as PgPool;
  const client = await pool.connect();
  const prototype = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.release();
  const query = jest.spyOn(prototype, 'query');
  try {
    await request();
    return query.mock.calls.map(([text]) => {
      const statement = typeof text === 'string' ? text : (text as { text?: unknown } | undefined)?.text;
      return typeof statement === 'string' ? statement.replace(/\s+/g, ' ').trim() : '';
    });
  } finally {
    query.mockRestore();
  }
}
