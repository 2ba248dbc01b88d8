import type { Migration } from '@mikro-orm/migrations';
import type { AbstractSqlDriver } from '@mikro-orm/postgresql';
import type { Configuration } from '@mikro-orm/core';

/** An ordered set of migration classes, handed to MikroORM as `migrationsList` (no file globbing). */
export type MigrationList = readonly MigrationClass[];

export type MigrationClass = new (driver: AbstractSqlDriver, config: Configuration) => Migration;
