import { createTestOrm } from '../../test/harness/database';
import type { Orm } from './orm';
import { sqlOf, sqlWithin, type Sql } from './sql';

let orm: Orm;
const table = `sql_within_${process.pid}`;

beforeAll(async () => {
  orm = await createTestOrm();
  await sqlOf(orm).query(`create table if not exists ${table} (step text primary key)`);
});
beforeEach(() => sqlOf(orm).query(`truncate ${table}`));
afterAll(async () => {
  await sqlOf(orm).query(`drop table if exists ${table}`);
  await orm.close();
});

const insert = (sql: Sql, step: string) => sql.query(`insert into ${table} (step) values (?)`, [step]);
const stored = async () =>
  (await sqlOf(orm).query<{ step: string }>(`select step from ${table} order by step`)).map((row) => row.step);

describe('SQL within an outer transaction', () => {
  it('commits every step with the outer transaction, nested transactions included', async () => {
    await sqlOf(orm).transactional(async (outer) => {
      const sql = sqlWithin(orm, outer);
      await insert(sql, 'a');
      await sql.transactional(async (inner) => {
        await sql.query(`insert into ${table} (step) values (?)`, ['b'], inner);
      });
      expect(await stored()).toEqual([]);
    });
    expect(await stored()).toEqual(['a', 'b']);
  });

  it('rolls back everything when the outer transaction fails, nested steps that committed included', async () => {
    const failing = sqlOf(orm).transactional(async (outer) => {
      const sql = sqlWithin(orm, outer);
      await insert(sql, 'a');
      await sql.transactional(() => insert(sql, 'b'));
      throw new Error('a later step failed');
    });
    await expect(failing).rejects.toThrow('a later step failed');
    expect(await stored()).toEqual([]);
  });

  it('undoes only a failed nested step, at every depth, and the outer work goes on', async () => {
    await sqlOf(orm).transactional(async (outer) => {
      const sql = sqlWithin(orm, outer);
      await insert(sql, 'a');
      const nested = sql.transactional(async () => {
        await insert(sql, 'b');
        // A sibling at the next depth fails and is undone; its parent then fails too.
        await sql.transactional(() => insert(sql, 'c'));
        await expect(sql.transactional(() => insert(sql, 'a'))).rejects.toThrow();
        await insert(sql, 'd');
        throw new Error('undo b, c and d');
      });
      await expect(nested).rejects.toThrow('undo b, c and d');
      await insert(sql, 'e');
    });
    expect(await stored()).toEqual(['a', 'e']);
  });
});
