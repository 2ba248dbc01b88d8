import type { MigrationList } from '../migration-list';
import { CreateCustomers } from './20261122120000-create-customers';

/** Every tenant schema's migrations, oldest first. Append only: a landed migration is never edited or reordered. */
export const tenantMigrations: MigrationList = [CreateCustomers];
