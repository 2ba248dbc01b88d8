import type { SqlParam, SqlTransaction } from './sql';

type CompiledStatement = Parameters<SqlTransaction['executeQuery']>[0];

/**
 * One statement inside `transaction` with its parameters bound by the server (`$1`, `$2`, …), where `Sql.query`
 * inlines them into the statement's text. For a large parameter (a batch of 1,000 usage events is one JSON text of
 * about 200 KB) inlining costs an escaping pass over it and a statement text as large again: measured at about 4 ms
 * of the API's CPU per batch. Bound, the text goes to the server as it is. Same connection, same transaction.
 */
export async function queryBound<T>(
  transaction: SqlTransaction,
  text: string,
  params: readonly SqlParam[],
): Promise<T[]> {
  const result = await transaction.executeQuery(compiledStatement(text, params));
  return result.rows as T[];
}

/** The shape kysely's `CompiledQuery.raw(text, params)` builds; kysely is MikroORM's, reached through its transaction. */
function compiledStatement(text: string, params: readonly SqlParam[]): CompiledStatement {
  return {
    sql: text,
    parameters: params,
    query: { kind: 'RawNode', sqlFragments: [text], parameters: [] },
    queryId: { queryId: 'bound-statement' },
  } as unknown as CompiledStatement;
}

/** As queryBound for a statement that returns no rows: the number of rows it inserted, updated or deleted. */
export async function executeBound(
  transaction: SqlTransaction,
  text: string,
  params: readonly SqlParam[],
): Promise<number> {
  const result = await transaction.executeQuery(compiledStatement(text, params));
  return Number(result.numAffectedRows ?? 0n);
}
