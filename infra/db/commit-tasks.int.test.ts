import { createTestOrm } from '../../test/harness/database';
import { afterCommit } from './commit-tasks';
import type { Orm } from './orm';
import { sqlOf, sqlWithin } from './sql';

let orm: Orm;
const table = `commit_tasks_${process.pid}`;

beforeAll(async () => {
  orm = await createTestOrm();
  await sqlOf(orm).query(`create table if not exists ${table} (step text primary key)`);
});
beforeEach(() => sqlOf(orm).query(`truncate ${table}`));
afterAll(async () => {
  await sqlOf(orm).query(`drop table if exists ${table}`);
  await orm.close();
});

/** What another connection sees when the task runs: proof that it runs after the commit, not before. */
const stored = async () =>
  (await sqlOf(orm).query<{ step: string }>(`select step from ${table} order by step`)).map((row) => row.step);

describe('work deferred to the commit', () => {
  it('runs once the outermost transaction has committed, before transactional returns', async () => {
    const seen: string[][] = [];
    await sqlOf(orm).transactional(async (outer) => {
      const sql = sqlWithin(orm, outer);
      await sql.query(`insert into ${table} (step) values ('a')`);
      await sql.transactional(async (savepoint) => {
        await sql.query(`insert into ${table} (step) values ('b')`);
        await afterCommit(savepoint, async () => {
          seen.push(await stored());
        });
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['a', 'b']]);
  });

  it('is dropped when the transaction rolls back', async () => {
    const ran: string[] = [];
    const failing = sqlOf(orm).transactional(async (outer) => {
      await afterCommit(outer, () => Promise.resolve(void ran.push('outer')));
      await sqlWithin(orm, outer).transactional((savepoint) =>
        afterCommit(savepoint, () => Promise.resolve(void ran.push('savepoint'))),
      );
      throw new Error('a later step failed');
    });
    await expect(failing).rejects.toThrow('a later step failed');
    expect(ran).toEqual([]);
  });

  it('drops what a rolled-back savepoint deferred and keeps what its parent deferred', async () => {
    const ran: string[] = [];
    await sqlOf(orm).transactional(async (outer) => {
      const sql = sqlWithin(orm, outer);
      await afterCommit(outer, () => Promise.resolve(void ran.push('outer')));
      const undone = sql.transactional(async (savepoint) => {
        await afterCommit(savepoint, () => Promise.resolve(void ran.push('undone')));
        throw new Error('undo this step');
      });
      await expect(undone).rejects.toThrow('undo this step');
    });
    expect(ran).toEqual(['outer']);
  });

  it('runs a key noted several times once, the last noted, in the place it was first noted', async () => {
    const ran: string[] = [];
    const note = (transaction: object, key: string, label: string) =>
      afterCommit(transaction, () => Promise.resolve(void ran.push(label)), { key });
    await sqlOf(orm).transactional(async (outer) => {
      const sql = sqlWithin(orm, outer);
      await note(outer, 'x', 'x first');
      await note(outer, 'y', 'y');
      await sql.transactional(async (savepoint) => {
        await sql.transactional((deeper) => note(deeper, 'x', 'x last'));
        await note(savepoint, 'z', 'z');
      });
    });
    expect(ran).toEqual(['x last', 'y', 'z']);
  });

  it('runs at once without a transaction', async () => {
    const ran: string[] = [];
    await afterCommit(undefined, () => Promise.resolve(void ran.push('now')));
    expect(ran).toEqual(['now']);
  });

  it('refuses a transaction sqlOf did not open, rather than dropping the work', async () => {
    const connection = orm.em.getConnection();
    await expect(connection.transactional((foreign) => afterCommit(foreign, () => Promise.resolve()))).rejects.toThrow(
      'not opened through sqlOf or sqlWithin',
    );
  });

  it('runs every task after a failing one and then reports the failure; the commit stands', async () => {
    const ran: string[] = [];
    const committed = sqlOf(orm).transactional(async (outer) => {
      await sqlWithin(orm, outer).query(`insert into ${table} (step) values ('kept')`);
      await afterCommit(outer, () => Promise.reject(new Error('the task failed')));
      await afterCommit(outer, () => Promise.resolve(void ran.push('next')));
    });
    await expect(committed).rejects.toThrow('the task failed');
    expect(ran).toEqual(['next']);
    expect(await stored()).toEqual(['kept']);
  });
});
