import { decryptSecret } from '../../../infra/crypto/secret-box';
import { newId } from '../../../infra/ids';
import { sealUnboundSecret } from '../../../test/fixtures/unbound-secret';
import { apiClient, type Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

describe('tenant management (/tenants/me)', () => {
  const { api, tenant, sql } = setUpResourceTest();

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.accessToken }));
  const patch = (body: unknown) => call('PATCH', '/tenants/me', { body });
  const tenantRow = async () => {
    const rows = await api.orm.em
      .getConnection()
      .execute<Json[]>('select * from central.tenants where id = ?', [tenant.tenantId]);
    return rows[0]!;
  };

  describe('GET /tenants/me', () => {
    it('shows the tenant with default settings and no SMTP', async () => {
      const { status, body } = await call('GET', '/tenants/me');
      expect(status).toBe(200);
      expect(body).toEqual({
        id: tenant.tenantId,
        name: 'Test Owner',
        companyName: 'Test Company',
        slug: tenant.slug,
        email: tenant.email,
        isActive: true,
        webhookUrl: null,
        webhookSigningSecret: expect.stringMatching(/^whsec_/) as unknown,
        smtp: null,
        settings: {
          timezone: 'UTC',
          invoicePrefix: 'INV',
          netPaymentTerms: 30,
          invoiceGracePeriodDays: 0,
          dunning: { reminderDays: [1, 3, 7], uncollectibleAfterDays: 30, cancelSubscription: false },
          portal: { allowCancel: false, allowPlanChange: false, allowTopUp: false, planIds: [] },
        },
        address: null,
        taxId: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      });
    });

    it('refuses an API key and a missing token', async () => {
      expect((await call('GET', '/tenants/me', { token: tenant.apiKey })).status).toBe(401);
      const response = await fetch(`${api.url}/api/tenants/me`);
      expect(response.status).toBe(401);
    });
  });

  describe('PATCH /tenants/me', () => {
    it('changes the profile and merges settings key by key', async () => {
      const first = await patch({ name: 'Ada', companyName: 'Ada Ltd', settings: { timezone: 'europe/berlin' } });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ name: 'Ada', companyName: 'Ada Ltd', slug: tenant.slug });
      const second = await patch({ settings: { invoicePrefix: 'ADA-1', netPaymentTerms: 14 } });
      expect(second.body.settings).toEqual({
        timezone: 'Europe/Berlin',
        invoicePrefix: 'ADA-1',
        netPaymentTerms: 14,
        invoiceGracePeriodDays: 0,
        dunning: { reminderDays: [1, 3, 7], uncollectibleAfterDays: 30, cancelSubscription: false },
        portal: { allowCancel: false, allowPlanChange: false, allowTopUp: false, planIds: [] },
      });
      expect(new Date(second.body.updatedAt as string).getTime()).toBeGreaterThanOrEqual(
        new Date(first.body.updatedAt as string).getTime(),
      );
      expect((await call('GET', '/tenants/me')).body).toEqual(second.body);
    });

    it('trims the names and refuses blank ones, naming each', async () => {
      const trimmed = await patch({ name: '  Ada Owner ', companyName: ' Ada Ltd  ' });
      expect(trimmed.body).toMatchObject({ name: 'Ada Owner', companyName: 'Ada Ltd' });
      const blank = await patch({ name: '   ', companyName: '\t' });
      expect(blank.status).toBe(400);
      expect((blank.body.details as { path: string }[]).map((detail) => detail.path).sort()).toEqual([
        'body.companyName',
        'body.name',
      ]);
      expect((await call('GET', '/tenants/me')).body).toMatchObject({ name: 'Ada Owner', companyName: 'Ada Ltd' });
    });

    it('merges the dunning settings key by key and shows them resolved, reminder days ascending', async () => {
      const first = await patch({ settings: { dunning: { reminderDays: [10, 2, 5], cancelSubscription: true } } });
      expect(first.status).toBe(200);
      expect(first.body.settings).toMatchObject({
        dunning: { reminderDays: [2, 5, 10], uncollectibleAfterDays: 30, cancelSubscription: true },
      });
      const second = await patch({ settings: { netPaymentTerms: 7, dunning: { uncollectibleAfterDays: 45 } } });
      expect(second.body.settings).toMatchObject({
        netPaymentTerms: 7,
        dunning: { reminderDays: [2, 5, 10], uncollectibleAfterDays: 45, cancelSubscription: true },
      });
      const third = await patch({ settings: { dunning: { reminderDays: [] } } });
      expect(third.body.settings).toMatchObject({
        dunning: { reminderDays: [], uncollectibleAfterDays: 45, cancelSubscription: true },
      });
      expect((await call('GET', '/tenants/me')).body).toEqual(third.body);
    });

    it('merges the portal switches key by key, replaces planIds whole, and keeps the dunning settings', async () => {
      await patch({ settings: { dunning: { uncollectibleAfterDays: 60 } } });
      const first = await patch({ settings: { portal: { allowTopUp: true, planIds: ['plan_a', 'plan_b'] } } });
      expect(first.status).toBe(200);
      expect(first.body.settings).toMatchObject({
        dunning: { uncollectibleAfterDays: 60 },
        portal: { allowCancel: false, allowPlanChange: false, allowTopUp: true, planIds: ['plan_a', 'plan_b'] },
      });
      const second = await patch({
        settings: { invoicePrefix: 'P', dunning: { cancelSubscription: true }, portal: { planIds: ['plan_c'] } },
      });
      expect(second.body.settings).toMatchObject({
        invoicePrefix: 'P',
        dunning: { uncollectibleAfterDays: 60, cancelSubscription: true },
        portal: { allowCancel: false, allowPlanChange: false, allowTopUp: true, planIds: ['plan_c'] },
      });
      expect((await call('GET', '/tenants/me')).body).toEqual(second.body);
    });

    it('sets and clears the webhook URL', async () => {
      const set = await patch({ webhookUrl: 'https://hooks.example.com/billing' });
      expect(set.body.webhookUrl).toBe('https://hooks.example.com/billing');
      // The test run sets WEBHOOK_ALLOW_PRIVATE_TARGETS=true, as development does: local receivers are allowed.
      expect((await patch({ webhookUrl: 'http://127.0.0.1:4000/hooks' })).status).toBe(200);
      const cleared = await patch({ webhookUrl: null });
      expect(cleared.body.webhookUrl).toBeNull();
    });

    it('sets the postal address whole, upper-cases its country, and clears it with null', async () => {
      const full = { line1: 'Torstraße 140', line2: '3rd floor', city: 'Berlin', postalCode: '10119', country: 'de' };
      const set = await patch({ address: full });
      expect(set.status).toBe(200);
      expect(set.body.address).toEqual({ ...full, state: null, country: 'DE' });
      expect((await call('GET', '/tenants/me')).body.address).toEqual(set.body.address);
      const replaced = await patch({ address: { line1: '1 Main St', city: 'Austin', state: 'TX', country: 'US' } });
      expect(replaced.body.address).toEqual({
        line1: '1 Main St',
        line2: null,
        city: 'Austin',
        postalCode: null,
        state: 'TX',
        country: 'US',
      });
      expect((await tenantRow()).address).toEqual({
        line1: '1 Main St',
        line2: null,
        city: 'Austin',
        postalCode: null,
        state: 'TX',
        country: 'US',
      });
      const cleared = await patch({ address: null });
      expect(cleared.body.address).toBeNull();
      expect((await tenantRow()).address).toBeNull();
    });

    it('sets the tax id as given and clears it with null', async () => {
      for (const taxId of ['DE123456789', 'GB 123 4567 89', '12-3456789', 'CHE-123.456.789/MWST']) {
        const set = await patch({ taxId });
        expect(set.status).toBe(200);
        expect(set.body.taxId).toBe(taxId);
        expect((await tenantRow()).tax_id).toBe(taxId);
      }
      expect((await call('GET', '/tenants/me')).body.taxId).toBe('CHE-123.456.789/MWST');
      const cleared = await patch({ taxId: null });
      expect(cleared.body.taxId).toBeNull();
      expect((await tenantRow()).tax_id).toBeNull();
    });

    it.each([' DE1', 'DE1 ', 'X', '', 'DE<b>1', 'A'.repeat(51), 42])(
      'refuses the tax id %j naming body.taxId',
      async (taxId) => {
        const { status, body: error } = await patch({ taxId });
        expect(status).toBe(400);
        expect((error.details as { path: string }[]).map((detail) => detail.path)).toContain('body.taxId');
        expect((await tenantRow()).tax_id).toBeNull();
      },
    );

    it.each([
      [{ address: { line1: 'A', city: 'B', country: 'XX' } }, 'body.address.country'],
      [{ address: { line1: 'A', city: 'B', country: 'DEU' } }, 'body.address.country'],
      [{ address: { line1: 'A', country: 'DE' } }, 'body.address.city'],
      [{ address: { line1: '', city: 'B', country: 'DE' } }, 'body.address.line1'],
      [{ address: { line1: 'A', city: 'B', country: 'DE', zip: '1' } }, 'body.address.zip'],
    ])('refuses the address %j naming %s', async (body, path) => {
      const { status, body: error } = await patch(body);
      expect(status).toBe(400);
      expect((error.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
      expect((await tenantRow()).address).toBeNull();
    });

    it.each([
      [{}, 'body'],
      [{ unknown: 1 }, 'body.unknown'],
      [{ slug: 'mine' }, 'body.slug'],
      [{ email: 'new@example.com' }, 'body.email'],
      [{ name: '' }, 'body.name'],
      [{ webhookUrl: 'ftp://example.com/hook' }, 'body.webhookUrl'],
      [{ webhookUrl: 'not a url' }, 'body.webhookUrl'],
      [{ settings: { timezone: 'Mars/Olympus' } }, 'body.settings.timezone'],
      [{ settings: { timezone: '+05:00' } }, 'body.settings.timezone'],
      [{ settings: { invoicePrefix: 'inv' } }, 'body.settings.invoicePrefix'],
      [{ settings: { invoicePrefix: 'ABCDEFGHIJK' } }, 'body.settings.invoicePrefix'],
      [{ settings: { netPaymentTerms: 366 } }, 'body.settings.netPaymentTerms'],
      [{ settings: { invoiceGracePeriodDays: -1 } }, 'body.settings.invoiceGracePeriodDays'],
      [{ settings: { currency: 'EUR' } }, 'body.settings.currency'],
      [{ settings: { dunning: { reminderDays: [0] } } }, 'body.settings.dunning.reminderDays.0'],
      [{ settings: { portal: { allowTopUp: 'yes' } } }, 'body.settings.portal.allowTopUp'],
      [{ settings: { portal: { planIds: ['plan_a', 'plan_a'] } } }, 'body.settings.portal.planIds'],
      [{ settings: { portal: { allowEverything: true } } }, 'body.settings.portal.allowEverything'],
      [{ settings: { dunning: { reminderDays: [366] } } }, 'body.settings.dunning.reminderDays.0'],
      [
        { settings: { dunning: { reminderDays: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] } } },
        'body.settings.dunning.reminderDays',
      ],
      [{ settings: { dunning: { reminderDays: [3, 3] } } }, 'body.settings.dunning.reminderDays'],
      [{ settings: { dunning: { reminderDays: [1.5] } } }, 'body.settings.dunning.reminderDays.0'],
      [{ settings: { dunning: { uncollectibleAfterDays: 0 } } }, 'body.settings.dunning.uncollectibleAfterDays'],
      [{ settings: { dunning: { uncollectibleAfterDays: 366 } } }, 'body.settings.dunning.uncollectibleAfterDays'],
      [{ settings: { dunning: { cancelSubscription: 'yes' } } }, 'body.settings.dunning.cancelSubscription'],
      [{ settings: { dunning: { retries: 3 } } }, 'body.settings.dunning.retries'],
      [{ smtp: { host: 'mail.example.com', port: 0, from: 'a@example.com' } }, 'body.smtp.port'],
      [{ smtp: { host: 'mail.example.com', port: 587 } }, 'body.smtp.from'],
      [{ smtp: { host: 'mail.example.com', port: 587, from: 'not an address' } }, 'body.smtp.from'],
      [{ smtp: { host: 'mail.example.com', port: 587, from: 'Acme Billing' } }, 'body.smtp.from'],
      [{ smtp: { host: 'mail.example.com', port: 587, from: 'Acme <not an address>' } }, 'body.smtp.from'],
      [{ smtp: { host: 'mail.example.com', port: 587, from: 'a@acme.example, b@acme.example' } }, 'body.smtp.from'],
      [{ smtp: { host: 'mail.example.com', port: 587, from: 'Acme, Inc. <a@acme.example>' } }, 'body.smtp.from'],
      [{ smtp: { host: 'mail.example.com', port: 587, from: 'a@acme.example (Acme)' } }, 'body.smtp.from'],
    ])('refuses %j naming %s', async (body, path) => {
      const { status, body: error } = await patch(body);
      expect(status).toBe(400);
      expect(error.error).toBe('validation_failed');
      expect((error.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
    });

    it('stores the SMTP password encrypted and never returns it', async () => {
      const password = 'Plaintext-SMTP-Password-42';
      const smtp = { host: 'smtp.example.com', port: 587, user: 'mailer', password, from: 'Billing <b@example.com>' };
      const { status, body } = await patch({ smtp });
      expect(status).toBe(200);
      expect(body.smtp).toEqual({
        host: 'smtp.example.com',
        port: 587,
        secure: false,
        user: 'mailer',
        from: 'Billing <b@example.com>',
        passwordSet: true,
      });
      expect(JSON.stringify(body)).not.toContain(password);
      expect(JSON.stringify((await call('GET', '/tenants/me')).body)).not.toContain(password);
      const stored = (await tenantRow()).smtp_settings as { sealedPassword: string };
      expect(JSON.stringify(stored)).not.toContain(password);
      expect(stored.sealedPassword).toMatch(/^v2\./);
      const binding = { key: api.config.encryptionKey, associatedData: `tenant:${tenant.tenantId}:smtp` };
      expect(decryptSecret(stored.sealedPassword, binding)).toBe(password);
    });

    it('binds a kept password sealed before passwords were bound (v1) to the tenant on the next PATCH', async () => {
      const smtp = { host: 'smtp.example.com', port: 587, secure: false, user: 'mailer', from: 'a@x.io' };
      await api.orm.em
        .getConnection()
        .execute('update central.tenants set smtp_settings = ?::jsonb where id = ?', [
          JSON.stringify({ ...smtp, sealedPassword: sealUnboundSecret('pw-v1', api.config.encryptionKey) }),
          tenant.tenantId,
        ]);
      expect((await patch({ smtp: { ...smtp, from: 'b@x.io' } })).body.smtp).toMatchObject({ passwordSet: true });
      const stored = (await tenantRow()).smtp_settings as { sealedPassword: string };
      expect(stored.sealedPassword).toMatch(/^v2\./);
      const binding = { key: api.config.encryptionKey, associatedData: `tenant:${tenant.tenantId}:smtp` };
      expect(decryptSecret(stored.sealedPassword, binding)).toBe('pw-v1');
    });

    it('keeps the stored password when it is omitted for the same host and user, and clears SMTP with null', async () => {
      await patch({ smtp: { host: 'smtp.example.com', port: 587, user: 'mailer', password: 'pw-1', from: 'a@x.io' } });
      const sealed = ((await tenantRow()).smtp_settings as { sealedPassword: string }).sealedPassword;
      const kept = await patch({ smtp: { host: 'SMTP.example.com', port: 465, user: 'mailer', from: 'b@x.io' } });
      expect(kept.body.smtp).toMatchObject({ port: 465, secure: true, from: 'b@x.io', passwordSet: true });
      expect(((await tenantRow()).smtp_settings as { sealedPassword: string }).sealedPassword).toBe(sealed);
      const removed = await patch({
        smtp: { host: 'smtp.example.com', port: 25, user: 'mailer', password: null, from: 'b@x.io' },
      });
      expect(removed.body.smtp).toMatchObject({ passwordSet: false });
      expect((await patch({ smtp: null })).body.smtp).toBeNull();
      expect((await tenantRow()).smtp_settings).toBeNull();
    });

    it('requires the password again when the host or user changes, so it never reaches another server', async () => {
      await patch({ smtp: { host: 'smtp.example.com', port: 587, user: 'mailer', password: 'pw-1', from: 'a@x.io' } });
      for (const smtp of [
        { host: 'smtp.attacker.example', port: 587, user: 'mailer', from: 'a@x.io' },
        { host: 'smtp.example.com', port: 587, user: 'someone-else', from: 'a@x.io' },
      ]) {
        const { status, body } = await patch({ smtp });
        expect(status).toBe(400);
        expect(body.details).toEqual([
          { path: 'body.smtp.password', message: 'is required when the host or user changes' },
        ]);
      }
      const moved = { host: 'smtp.other.example', port: 587, user: 'mailer', password: null, from: 'a@x.io' };
      expect((await patch({ smtp: moved })).body.smtp).toMatchObject({
        host: 'smtp.other.example',
        passwordSet: false,
      });
      expect((await tenantRow()).smtp_settings).toMatchObject({ sealedPassword: null });
    });
  });

  describe('PATCH /tenants/me { smtp }: sender and login', () => {
    const smtp = { host: 'smtp.example.com', port: 587 };

    it.each([
      'billing@acme.example',
      'Acme Billing <billing@acme.example>',
      'Acme Billing<billing@acme.example>',
      '"Acme, Inc." <billing@acme.example>',
      'Müller & Söhne GmbH <rechnung@mueller.example>',
      '<billing@acme.example>',
    ])('takes the sender %j', async (from) => {
      const { status, body } = await patch({ smtp: { ...smtp, from } });
      expect(status).toBe(200);
      expect(body.smtp).toMatchObject({ from });
    });

    it('refuses a sender that is not an address or `Name <address>`, saying what it takes', async () => {
      const { status, body } = await patch({ smtp: { ...smtp, from: 'Acme Billing' } });
      expect(status).toBe(400);
      expect(body.details).toEqual([
        {
          path: 'body.smtp.from',
          message: 'must be an e-mail address (billing@acme.com) or a name and address (Acme <billing@acme.com>)',
        },
      ]);
      expect((await tenantRow()).smtp_settings).toBeNull();
    });

    it('refuses a password without a user, sent or kept from the stored settings, naming body.smtp.user', async () => {
      const message = 'is required with a password (or clear the password with `password: null`)';
      const refused = await patch({ smtp: { ...smtp, password: 'pw-1', from: 'a@x.io' } });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([{ path: 'body.smtp.user', message }]);
      expect((await patch({ smtp: { ...smtp, user: null, password: 'pw-1', from: 'a@x.io' } })).status).toBe(400);
      expect((await tenantRow()).smtp_settings).toBeNull();

      // Settings stored before the rule: a PATCH keeping their password (same host, no user) is refused likewise.
      await patch({ smtp: { ...smtp, user: 'mailer', password: 'pw-1', from: 'a@x.io' } });
      const stored = (await tenantRow()).smtp_settings as Json;
      await api.orm.em
        .getConnection()
        .execute('update central.tenants set smtp_settings = ?::jsonb where id = ?', [
          JSON.stringify({ ...stored, user: null }),
          tenant.tenantId,
        ]);
      const kept = await patch({ smtp: { ...smtp, from: 'b@x.io' } });
      expect(kept.status).toBe(400);
      expect(kept.body.details).toEqual([{ path: 'body.smtp.user', message }]);
      const cleared = await patch({ smtp: { ...smtp, password: null, from: 'b@x.io' } });
      expect(cleared.body.smtp).toMatchObject({ user: null, passwordSet: false, from: 'b@x.io' });
    });

    it('takes a new password for the stored user, and keeps the stored password when only other fields change', async () => {
      await patch({ smtp: { ...smtp, user: 'mailer', password: 'pw-1', from: 'a@x.io' } });
      const changed = await patch({ smtp: { ...smtp, user: 'mailer', password: 'pw-2', from: 'a@x.io' } });
      expect(changed.status).toBe(200);
      expect(changed.body.smtp).toMatchObject({ user: 'mailer', passwordSet: true });
      const kept = await patch({ smtp: { ...smtp, user: 'mailer', from: 'Acme <a@x.io>' } });
      expect(kept.status).toBe(200);
      expect(kept.body.smtp).toMatchObject({ user: 'mailer', passwordSet: true, from: 'Acme <a@x.io>' });
      const binding = { key: api.config.encryptionKey, associatedData: `tenant:${tenant.tenantId}:smtp` };
      const sealed = ((await tenantRow()).smtp_settings as { sealedPassword: string }).sealedPassword;
      expect(decryptSecret(sealed, binding)).toBe('pw-2');
    });
  });

  describe('GET /tenants/me/usage', () => {
    it('counts customers not deleted, active keys and this month’s requests', async () => {
      const connection = api.orm.em.getConnection();
      for (const deleted of [false, false, true]) {
        await sql(
          `insert into $schema.customers (id, external_id, email, currency, deleted_at) values (?, ?, ?, 'EUR', ?)`,
          [newId('customer'), newId('customer'), 'c@example.com', deleted ? new Date() : null],
        );
      }
      await call('POST', '/tenants/me/api-keys', { body: { name: 'second', scopes: ['customers:read'] } });
      const revoked = await call('POST', '/tenants/me/api-keys', { body: { name: 'gone', scopes: ['plans:read'] } });
      await call('DELETE', `/tenants/me/api-keys/${String(revoked.body.id)}`);
      // The requests above are counted in memory: write them now, so the stored counts below replace them.
      await api.requestPath.requestCounts.flush();
      const now = new Date();
      const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      for (const [month, count] of [
        [thisMonth, 41],
        [lastMonth, 1000],
      ] as const) {
        await connection.execute(
          `insert into central.request_counts (tenant_id, month, count) values (?, ?::date, ?)
           on conflict (tenant_id, month) do update set count = excluded.count`,
          [tenant.tenantId, month.toISOString().slice(0, 10), count],
          'run',
        );
      }
      const { status, body } = await call('GET', '/tenants/me/usage');
      expect(status).toBe(200);
      expect(body).toEqual({
        customers: 2,
        subscriptions: { total: 0, byStatus: { TRIALING: 0, ACTIVE: 0, PAUSED: 0, PAST_DUE: 0, CANCELED: 0 } },
        invoices: 0,
        apiKeys: 2,
        requestsThisMonth: 42, // the 41 stored plus this request, counted in memory by rate limiting before the handler
      });
    });
  });

  describe('POST /tenants/me/webhook-secret/rotate', () => {
    it('makes a new secret and keeps the old one as the previous secret', async () => {
      const before = (await call('GET', '/tenants/me')).body.webhookSigningSecret as string;
      const { status, body } = await call('POST', '/tenants/me/webhook-secret/rotate');
      expect(status).toBe(200);
      const after = body.webhookSigningSecret as string;
      expect(after).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(after).not.toBe(before);
      const row = await tenantRow();
      expect(row.webhook_signing_secret).toBe(after);
      expect(row.previous_webhook_signing_secret).toBe(before);
      expect(Date.now() - new Date(row.webhook_secret_rotated_at as string).getTime()).toBeLessThan(60_000);
    });

    it('refuses a body', async () => {
      expect((await call('POST', '/tenants/me/webhook-secret/rotate', { body: { secret: 'mine' } })).status).toBe(400);
    });
  });
});
