import { Migration } from '@mikro-orm/migrations';
import { tenantMigrations } from '../../migrations/tenant';
import { createTestOrm } from '../../test/harness/database';
import { newId } from '../ids';
import { migrateSchema } from './migrator';
import type { Orm } from './orm';
import { quoteIdentifier } from './sql-identifier';

let orm: Orm;

beforeAll(async () => {
  orm = await createTestOrm();
});
afterAll(async () => {
  await orm.close();
});

const freshName = () => `fresh_${newId('tenant').slice(4).toLowerCase()}`;

const rows = <T>(sql: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(sql, params);

/**
 * Everything a migration can leave in a schema, as text with the schema's name replaced: columns with types,
 * defaults and nullability, constraints, indexes, triggers, functions, views and sequences.
 */
async function catalogOf(schema: string): Promise<string[]> {
  const parts = await rows<{ line: string }>(
    `select 'column ' || table_name || '.' || column_name || ' ' || data_type || coalesce('(' || character_maximum_length || ')', '') ||
            coalesce(' p' || datetime_precision, '') || ' ' || is_nullable || ' ' ||
            coalesce(column_default, '') || ' #' || ordinal_position as line
       from information_schema.columns where table_schema = ?
     union all
     select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
       from pg_constraint where connamespace = to_regnamespace(?)
     union all
     select 'index ' || indexdef from pg_indexes where schemaname = ?
     union all
     select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = to_regnamespace(?) and not t.tgisinternal
     union all
     select 'function ' || p.proname || ' ' || md5(replace(p.prosrc, ?, '<schema>')) from pg_proc p where p.pronamespace = to_regnamespace(?)
     union all
     select 'view ' || viewname || ' ' || md5(replace(definition, ?, '<schema>')) from pg_views where schemaname = ?
     union all
     select 'sequence ' || sequence_name || ' ' || data_type from information_schema.sequences where sequence_schema = ?`,
    [
      schema,
      quoteIdentifier(schema),
      schema,
      quoteIdentifier(schema),
      schema,
      quoteIdentifier(schema),
      schema,
      schema,
      schema,
    ],
  );
  return parts.map(({ line }) => line.split(schema).join('<schema>')).sort();
}

async function trackingRows(schema: string): Promise<{ id: number; name: string }[]> {
  return rows(`select id, name from ${quoteIdentifier(schema)}.mikro_orm_migrations order by id`);
}

describe('a new schema migrated at once', () => {
  test('matches, object for object and tracking row for row, a schema the Migrator took through every migration', async () => {
    const [fresh, stepwise] = [freshName(), freshName()];
    // An existing (empty) schema goes through the Migrator, one migration at a time.
    await rows(`create schema ${quoteIdentifier(stepwise)}`);

    const applied = await migrateSchema({ orm, schema: fresh });
    const appliedStepwise = await migrateSchema({ orm, schema: stepwise });

    expect(applied).toEqual(appliedStepwise);
    expect(applied).toHaveLength(tenantMigrations.length);
    const catalog = await catalogOf(fresh);
    expect(catalog.length).toBeGreaterThan(100);
    expect(catalog).toEqual(await catalogOf(stepwise));
    expect(await trackingRows(fresh)).toEqual(await trackingRows(stepwise));
  });

  test('takes later migrations through the Migrator as usual', async () => {
    class AddLater extends Migration {
      override name = '29990101000000_add_later';
      override up(): void {
        this.addSql('alter table customers add column later_column int');
      }
    }
    const schema = freshName();
    await migrateSchema({ orm, schema });
    const laterOrm = await createTestOrm({ migrations: [...tenantMigrations, AddLater] });
    try {
      expect(await migrateSchema({ orm: laterOrm, schema })).toEqual(['29990101000000_add_later']);
      expect(await migrateSchema({ orm: laterOrm, schema })).toEqual([]);
    } finally {
      await laterOrm.close();
    }
    const columns = await rows<{ name: string }>(
      `select column_name as name from information_schema.columns where table_schema = ? and table_name = 'customers'`,
      [schema],
    );
    expect(columns.map((column) => column.name)).toContain('later_column');
  });

  test('leaves the caller’s transaction on its own search path', async () => {
    const schema = freshName();
    const path = await orm.em.getConnection().transactional(async (transaction) => {
      await migrateSchema({ orm, schema, transaction });
      return orm.em.getConnection().execute<{ search_path: string }[]>('show search_path', [], 'all', transaction);
    });
    expect(path[0]?.search_path).toBe('"$user", public');
  });
});
