import type { AbstractSqlConnection } from '@mikro-orm/postgresql';
import { withCommitTasks, withSavepointTasks } from './commit-tasks';
import type { Orm } from './orm';

/** A transaction on the ORM's connection, as `connection.transactional` hands it to its callback. */
export type SqlTransaction = Parameters<Parameters<AbstractSqlConnection['transactional']>[0]>[0];

/**
 * A bound value: scalars only. The driver inlines parameters into the SQL text and expands an array into a list
 * (`in (?)` would take `['a', 'b']`), so an array or object reaching a `?` changes the statement's shape. JSON goes
 * as text (`JSON.stringify(value)` with `?::jsonb`).
 */
export type SqlParam = string | number | bigint | boolean | Date | null;

/**
 * Raw SQL on the process's one connection pool: the only way stores reach PostgreSQL. A statement given a
 * `transaction` runs inside it; without one it runs on its own. `transactional` resolves once the transaction has
 * committed and the work deferred to its commit (`afterCommit`) has run.
 */
export interface Sql {
  query: <T>(text: string, params?: readonly SqlParam[], transaction?: SqlTransaction) => Promise<T[]>;
  /** The first row; undefined when the statement returned none (an unknown id, a conditional write that did not). */
  one: <T>(text: string, params?: readonly SqlParam[], transaction?: SqlTransaction) => Promise<T | undefined>;
  /** The first row of a statement that cannot return none (`insert ... returning`, a row the transaction locked). */
  oneOrFail: <T>(text: string, params?: readonly SqlParam[], transaction?: SqlTransaction) => Promise<T>;
  transactional: <T>(work: (transaction: SqlTransaction) => Promise<T>) => Promise<T>;
}

/** SQL on the ORM's pool; tenant data goes through `tenantSql` instead, which confines it to one tenant's schema. */
export function sqlOf(orm: Orm): Sql {
  const connection = orm.em.getConnection();
  const query = async <T>(text: string, params: readonly SqlParam[] = [], transaction?: SqlTransaction) =>
    connection.execute<T[]>(text, scalarsOnly(params), 'all', transaction);
  const one = async <T>(text: string, params?: readonly SqlParam[], transaction?: SqlTransaction) => {
    const [row] = await query<T>(text, params, transaction);
    return row;
  };
  return {
    query,
    one,
    oneOrFail: async <T>(text: string, params?: readonly SqlParam[], transaction?: SqlTransaction) => {
      const row = await one<T>(text, params, transaction);
      if (row === undefined) throw new Error(`No row from a statement that must return one: ${firstLineOf(text)}`);
      return row;
    },
    transactional: (work) => withCommitTasks((inside) => connection.transactional(inside), work),
  };
}

/**
 * SQL on the ORM's pool that runs inside `outer` (a transaction `sqlOf` opened): a statement without a transaction of
 * its own joins the innermost open one, and a nested `transactional` is a savepoint of it (its failure rolls back to
 * the savepoint, not the whole; what it deferred to the commit waits for `outer`'s). Several stores' steps then commit or roll back as one unit of work. Savepoints nest by depth, so a
 * rollback never reaches a sibling's savepoint of the same name; statements run one at a time, as on any transaction.
 */
export function sqlWithin(orm: Orm, outer: SqlTransaction): Sql {
  const connection = orm.em.getConnection();
  const base = sqlOf(orm);
  let innermost = outer;
  return {
    query: (text, params, transaction) => base.query(text, params, transaction ?? innermost),
    one: (text, params, transaction) => base.one(text, params, transaction ?? innermost),
    oneOrFail: (text, params, transaction) => base.oneOrFail(text, params, transaction ?? innermost),
    transactional: (work) => {
      const parent = innermost;
      const inSavepoint = async (savepoint: SqlTransaction) => {
        innermost = savepoint;
        try {
          return await work(savepoint);
        } finally {
          innermost = parent;
        }
      };
      return withSavepointTasks(
        parent,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- the driver's transaction, as it typed it
        (inside) => connection.transactional(inside, { ctx: parent }),
        inSavepoint,
      );
    },
  };
}

function firstLineOf(text: string): string {
  return text.trim().split('\n', 1)[0] ?? '';
}

/** The type keeps arrays out at compile time; this keeps out what a cast let through. */
function scalarsOnly(params: readonly SqlParam[]): SqlParam[] {
  return params.map((param, index) => {
    const value: unknown = param;
    if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
      throw new Error(`SQL parameter ${index + 1} is not a scalar: pass JSON as text`);
    }
    return param;
  });
}

/**
 * One statement of the request path, prepared by name on each pooled connection the first time it runs there and
 * executed by name afterwards, so PostgreSQL parses and plans it once per connection instead of once per request.
 * Unlike `Sql`, whose parameters the driver inlines into the text, its parameters are bound: the text numbers them
 * (`$1`, `$2`, ...) and must never vary (a tenant schema named in it would make one statement per tenant). It runs
 * on the ORM's own pool, outside any transaction. Not for a pooler in transaction mode, which would send the
 * statement to a connection that never prepared it.
 */
export interface PreparedStatement<T> {
  run: (params: readonly SqlParam[]) => Promise<T[]>;
}

/** What `preparedStatement` uses of the ORM's pg `Pool` (which ships no type declarations here). */
interface NativePool {
  query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;
}

export function preparedStatement<T>(orm: Orm, name: string, text: string): PreparedStatement<T> {
  let pool: Promise<NativePool> | undefined;
  // The pool once the ORM has connected; a failed connection is tried again on the next run.
  const nativePool = (): Promise<NativePool> => {
    pool ??= (orm.em.getConnection() as unknown as { getNativeClient: () => Promise<NativePool> })
      .getNativeClient()
      .catch((error: unknown) => {
        pool = undefined;
        throw error;
      });
    return pool;
  };
  return {
    run: async (params) => {
      const result = await (await nativePool()).query({ name, text, values: scalarsOnly(params).map(boundValue) });
      return result.rows as T[];
    },
  };
}

/** What the bound parameter carries, spelled as the inlining driver would (instants in UTC, bigints in full). */
function boundValue(param: SqlParam): string | number | boolean | null {
  if (param instanceof Date) return param.toISOString();
  if (typeof param === 'bigint') return param.toString();
  return param;
}
