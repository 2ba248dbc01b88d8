import { createTestOrm } from '../../test/harness/database';
import type { Orm } from './orm';
import { preparedStatement, sqlOf, type SqlParam } from './sql';

let orm: Orm;

beforeAll(async () => {
  orm = await createTestOrm();
});
afterAll(() => orm.close());

describe('raw SQL parameters', () => {
  it('binds scalars, and JSON as text', async () => {
    const row = await sqlOf(orm).one<{ n: number; t: string; j: { a: number[] } }>(
      'select ?::int as n, ?::text as t, ?::jsonb as j',
      [41 + 1, "it's", JSON.stringify({ a: [1, 2] })],
    );
    expect(row).toEqual({ n: 42, t: "it's", j: { a: [1, 2] } });
  });

  it('refuses an array, which the driver would expand into a list, at compile time and at run time', async () => {
    const ids = ['a', 'b'];
    // @ts-expect-error an array is not a SqlParam: `in (?)` would become `in ('a', 'b')`
    const typed: SqlParam[] = [ids];
    expect(typed).toHaveLength(1);
    const smuggled = [ids] as unknown as SqlParam[];
    await expect(sqlOf(orm).query('select 1 where ? is not null', smuggled)).rejects.toThrow(
      'SQL parameter 1 is not a scalar',
    );
  });

  it('refuses an object', async () => {
    const smuggled = [{ a: 1 }] as unknown as SqlParam[];
    await expect(sqlOf(orm).query('select ?::jsonb', smuggled)).rejects.toThrow('is not a scalar');
  });
});

describe('a prepared statement', () => {
  let single: Orm;
  beforeAll(async () => {
    single = await createTestOrm({ poolMax: 1 });
  });
  afterAll(() => single.close());

  it('binds its parameters as raw SQL inlines them, and is prepared once on the connection, then run by name', async () => {
    const columns = 'as at, $2::bigint::text as big, $3::boolean as yes, $4::text as text, $5::int as n';
    const statement = preparedStatement<Record<string, unknown>>(
      single,
      'sql_int_test_bound',
      `select $1::timestamptz ${columns}`,
    );
    const params: SqlParam[] = [new Date('2026-03-01T12:34:56.789Z'), 9_007_199_254_740_993n, true, "it's; --", 42];
    const inlined = await sqlOf(single).query<Record<string, unknown>>(
      `select ?::timestamptz ${columns.replace(/\$\d/g, '?')}`,
      params,
    );
    expect(inlined).toEqual([
      { at: '2026-03-01 12:34:56.789+00', big: '9007199254740993', yes: true, text: "it's; --", n: 42 },
    ]);
    expect(await statement.run(params)).toEqual(inlined);
    expect(await statement.run(params)).toEqual(inlined);
    const prepared = await sqlOf(single).query<{ name: string; statement: string }>(
      `select name, statement from pg_prepared_statements where name = 'sql_int_test_bound'`,
    );
    expect(prepared.map((row) => [row.name, row.statement.startsWith('select $1::timestamptz')])).toEqual([
      ['sql_int_test_bound', true],
    ]);
  });

  it('refuses an array like raw SQL does', async () => {
    const statement = preparedStatement(single, 'sql_int_test_refused', 'select $1::text');
    await expect(statement.run([['a']] as unknown as SqlParam[])).rejects.toThrow('SQL parameter 1 is not a scalar');
  });
});
