import type { Config } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/logger';
import type { Mailer } from '../infra/mail';
import type { HealthCheck } from './routes/health/health-check';

/** Everything the API needs from outside; no module-level state, so tests build as many apps as they like. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  /** One pool for every tenant; each request forks it with its tenant's schema. */
  orm: Orm;
  /** The platform's mail (password reset), through SMTP_URL. */
  mailer: Mailer;
  healthChecks: readonly HealthCheck[];
  version: string;
}
