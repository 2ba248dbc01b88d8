import type { Connection } from '@temporalio/client';
import { pingDatabase, type Orm } from '../../../infra/db/orm';
import { pingTemporal } from '../../../infra/temporal/ping';
import type { HealthCheck } from './health-check';

/** The real probes behind `/health`: a query on PostgreSQL and a namespace lookup on Temporal. */
export function dependencyHealthChecks(deps: {
  orm: Orm;
  temporalConnection: Connection;
  namespace: string;
}): HealthCheck[] {
  return [
    { name: 'database', check: () => pingDatabase(deps.orm) },
    { name: 'temporal', check: () => pingTemporal(deps.temporalConnection, { namespace: deps.namespace }) },
  ];
}
