import { Migration } from '@mikro-orm/migrations';

/**
 * How many invoice e-mails each tenant sent through the platform's mail server (SMTP_URL) on each UTC day, so the
 * daily cap (PLATFORM_MAIL_PER_DAY) holds across every API and worker process: one atomic upsert per mail. A tenant's
 * rows of past days are deleted as it sends.
 */
export class CreatePlatformMailCounts extends Migration {
  override name = '20261129130000_create_platform_mail_counts';

  override up(): void {
    this.addSql(`
      create table central.platform_mail_counts (
        tenant_id text not null references central.tenants (id) on delete cascade,
        day date not null,
        sent integer not null check (sent >= 0),
        primary key (tenant_id, day)
      )`);
  }

  override down(): void {
    this.addSql('drop table central.platform_mail_counts');
  }
}
