import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';

/** Every tenant's id, oldest first: for the worker's passes over all tenants (a start-up sweep). */
export async function listTenantIds(orm: Orm): Promise<string[]> {
  const rows = await sqlOf(orm).query<{ id: string }>('select id from central.tenants order by created_at, id');
  return rows.map((row) => row.id);
}
