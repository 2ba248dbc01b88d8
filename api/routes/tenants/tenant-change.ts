import { parseCountryCode } from '../../../domain/countries';
import { parseTimeZone } from '../../../domain/periods';
import type { Config } from '../../../infra/config';
import { checkOutboundHost, checkOutboundUrl } from '../../../infra/net/address-policy';
import type { TenantAddress } from '../../../services/tenants';
import type { TenantChange } from '../../../services/tenants';
import { validationFailed, type ErrorDetail } from '../../../services/errors';
import type { UpdateTenantBody } from './schema';

/**
 * The checks of PATCH /tenants/me beyond its schema: an IANA time zone (stored in its canonical spelling), and
 * outbound targets (webhook URL, SMTP host) that reach public addresses only, unless the operator allows private ones,
 * and an address country that ISO 3166-1 knows (stored upper case, like a customer's).
 * Every problem is reported at once; throws a 400 naming the fields.
 */
export async function checkTenantChange(
  body: UpdateTenantBody,
  config: Pick<Config, 'webhookAllowPrivateTargets'>,
): Promise<TenantChange> {
  const policy = { allowPrivateTargets: config.webhookAllowPrivateTargets };
  const problems: ErrorDetail[] = [];
  const { address, ...rest } = body;
  const change: TenantChange = { ...rest };
  if (address === null) change.address = null;
  if (address !== undefined && address !== null) {
    const country = parseCountryCode(address.country);
    if (country.ok) change.address = toTenantAddress(address, country.value);
    else problems.push({ path: 'body.address.country', message: country.error.message });
  }
  if (body.settings?.timezone !== undefined) {
    const zone = parseTimeZone(body.settings.timezone);
    if (zone.ok) change.settings = { ...body.settings, timezone: zone.value };
    else problems.push({ path: 'body.settings.timezone', message: 'must be an IANA time zone, e.g. Europe/Berlin' });
  }
  const [webhook, smtpHost] = await Promise.all([
    typeof body.webhookUrl === 'string' ? checkOutboundUrl(body.webhookUrl, policy) : undefined,
    body.smtp !== undefined && body.smtp !== null ? checkOutboundHost(body.smtp.host, policy) : undefined,
  ]);
  if (webhook?.ok === false) problems.push({ path: 'body.webhookUrl', message: webhook.reason });
  if (smtpHost?.ok === false) problems.push({ path: 'body.smtp.host', message: smtpHost.reason });
  if (problems.length > 0) throw validationFailed(problems);
  return change;
}

function toTenantAddress(address: NonNullable<UpdateTenantBody['address']>, country: string): TenantAddress {
  return {
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    postalCode: address.postalCode ?? null,
    state: address.state ?? null,
    country,
  };
}
