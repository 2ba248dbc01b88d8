import { createTestOrm } from '../../test/database';
import type { Orm } from './orm';
import { sqlOf, type SqlParam } from './sql';

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
