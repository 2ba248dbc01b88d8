import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * What ingestion announces: the customers whose usage a request stored (duplicates add nothing and are not counted),
 * told once per request, inside its transaction, whether it carried one event or a thousand. Prepaid wallets (billing,
 * a later area ingestion never imports) check their ongoing balance on it; billing implements the listener and the
 * code that wires the processes hands it in. It must stay cheap: one statement per request at most, never one per
 * event, and nothing that waits on another service before the answer.
 */
export type UsageRecordedListener = (
  sql: TenantSql<'wallets'>,
  recorded: { customerIds: readonly string[]; transaction: SqlTransaction },
) => Promise<void>;
