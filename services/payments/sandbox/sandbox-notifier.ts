import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../domain/clock';
import type { Config } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import { outboundRequest } from '../../../infra/net/outbound-http';
import { describeNetworkError, readCappedText } from '../../../infra/net/response-body';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from '../gateways';
import { findPaymentProvider, openCredentials } from '../providers';
import type { SandboxCheckout } from './sandbox-store';

export interface SandboxDeps {
  orm: Orm;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, 'encryptionKey' | 'apiPublicUrl' | 'webhookAllowPrivateTargets' | 'paymentSandboxEnabled'>;
}

const NOTIFY_TIMEOUT_MS = 10_000;

/**
 * Posts the signed `checkout.paid` / `checkout.declined` event to the inbound route the gateway named when it created
 * the checkout (always a `/api/webhooks/sandbox` URL: `<API_PUBLIC_URL>/api/webhooks/sandbox?reference=…`), signed
 * with the webhook secret of the configuration that created the checkout. Whether it arrived is reported, never
 * thrown: a notification that did not arrive is found by the payment workflow's verification, as with any provider.
 */
export async function notifySandboxCheckout(deps: SandboxDeps, checkout: SandboxCheckout): Promise<boolean> {
  const secret = await webhookSecretOf(deps, checkout);
  if (secret === undefined) return false;
  const body = Buffer.from(
    JSON.stringify({
      id: `evt_sbx_${randomBytes(16).toString('hex')}`,
      type: checkout.status === 'PAID' ? 'checkout.paid' : 'checkout.declined',
      created: deps.clock.now().toISOString(),
      data: { reference: checkout.reference, checkoutId: checkout.id },
    }),
  );
  const url = checkout.callbackUrl;
  // The platform's own public origin may be a private address (development); any other host is checked like a
  // tenant's target.
  const own = new URL(url).origin === new URL(deps.config.apiPublicUrl).origin;
  try {
    const outcome = await outboundRequest(
      {
        url,
        policy: { allowPrivateTargets: own || deps.config.webhookAllowPrivateTargets },
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, deps.clock.now(), body),
        },
        body,
        headersTimeout: NOTIFY_TIMEOUT_MS,
        bodyTimeout: NOTIFY_TIMEOUT_MS,
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      },
      async (response) => ({ statusCode: response.statusCode, text: await readCappedText(response.body, 4096) }),
    );
    const delivered = outcome.ok && outcome.value.statusCode >= 200 && outcome.value.statusCode < 300;
    if (!delivered) {
      deps.logger.warn({ checkoutId: checkout.id, outcome }, 'sandbox notification not taken');
    }
    return delivered;
  } catch (error) {
    deps.logger.warn({ checkoutId: checkout.id, error: describeNetworkError(error) }, 'sandbox notification failed');
    return false;
  }
}

async function webhookSecretOf(deps: SandboxDeps, checkout: SandboxCheckout): Promise<string | undefined> {
  const sql = tenantSql(deps.orm, checkout.tenantId);
  const configuration = await findPaymentProvider(sql, checkout.providerId);
  if (configuration?.provider !== 'SANDBOX') return undefined;
  try {
    const credentials = openCredentials(
      { provider: 'SANDBOX', sealedCredentials: configuration.sealedCredentials },
      { tenantId: sql.tenantId, providerId: configuration.id, encryptionKey: deps.config.encryptionKey },
    );
    return credentials.webhookSecret;
  } catch {
    return undefined;
  }
}
