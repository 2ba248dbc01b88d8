import { parseCountryCode } from '../../../domain/countries';
import type { TenantId } from '../../../domain/ids';
import { parseTimeZone } from '../../../domain/periods';
import type { Config } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { checkOutboundHost, checkOutboundUrl } from '../../../infra/net/address-policy';
import { validationFailed, type ErrorDetail } from '../errors';
import type { SmtpSettingsInput } from './smtp-settings';
import type { TenantAddress } from './tenant-address';
import { tenantNotFound, updateTenantDetails, type TenantChange, type TenantDetails } from './tenant-details';
import type { TenantSettings } from './tenant-settings';

/** An address as a PATCH sends it: the country in any case, optional parts omitted or null. */
export interface TenantAddressInput {
  line1: string;
  line2?: string | null;
  city: string;
  postalCode?: string | null;
  state?: string | null;
  country: string;
}

/** A PATCH of the tenant before its checks: each property present is changed; `null` clears. */
export interface TenantChangeRequest {
  name?: string;
  companyName?: string;
  webhookUrl?: string | null;
  smtp?: SmtpSettingsInput | null;
  /** Merged into the stored settings, key by key; the time zone in any spelling IANA knows. */
  settings?: TenantSettings;
  /** Replaced whole; `null` removes it. */
  address?: TenantAddressInput | null;
  /** As given (the schema admits letters, digits and inner separators); `null` removes it. */
  taxId?: string | null;
}

type ChangeConfig = Pick<Config, 'webhookAllowPrivateTargets' | 'encryptionKey'>;

/** Checks a PATCH of the tenant, then applies it; every problem is a validation failure naming its field. */
export async function changeTenant(options: {
  orm: Orm;
  tenantId: TenantId;
  request: TenantChangeRequest;
  config: ChangeConfig;
}): Promise<TenantDetails> {
  const { orm, tenantId, config } = options;
  const change = await checkTenantChange(options.request, config);
  const result = await updateTenantDetails({ orm, tenantId, change, encryptionKey: config.encryptionKey });
  if (result.ok) return result.tenant;
  if (result.error.code === 'tenant_not_found') throw tenantNotFound();
  throw validationFailed([{ path: `body.${result.error.field}`, message: result.error.message }]);
}

/**
 * The checks of PATCH /tenants/me beyond its schema: an IANA time zone (stored in its canonical spelling), and
 * outbound targets (webhook URL, SMTP host) that reach public addresses only, unless the operator allows private ones,
 * and an address country that ISO 3166-1 knows (stored upper case, like a customer's).
 * Every problem is reported at once, each naming its field.
 */
async function checkTenantChange(request: TenantChangeRequest, config: ChangeConfig): Promise<TenantChange> {
  const policy = { allowPrivateTargets: config.webhookAllowPrivateTargets };
  const problems: ErrorDetail[] = [];
  const { address, ...rest } = request;
  const change: TenantChange = { ...rest };
  // As at registration: surrounding whitespace is not part of a name (the schema refuses blank ones).
  if (request.name !== undefined) change.name = request.name.trim();
  if (request.companyName !== undefined) change.companyName = request.companyName.trim();
  if (address === null) change.address = null;
  if (address !== undefined && address !== null) {
    const country = parseCountryCode(address.country);
    if (country.ok) change.address = toTenantAddress(address, country.value);
    else problems.push({ path: 'body.address.country', message: country.error.message });
  }
  if (request.settings?.timezone !== undefined) {
    const zone = parseTimeZone(request.settings.timezone);
    if (zone.ok) change.settings = { ...request.settings, timezone: zone.value };
    else problems.push({ path: 'body.settings.timezone', message: 'must be an IANA time zone, e.g. Europe/Berlin' });
  }
  const [webhook, smtpHost] = await Promise.all([
    typeof request.webhookUrl === 'string' ? checkOutboundUrl(request.webhookUrl, policy) : undefined,
    request.smtp !== undefined && request.smtp !== null ? checkOutboundHost(request.smtp.host, policy) : undefined,
  ]);
  if (webhook?.ok === false) problems.push({ path: 'body.webhookUrl', message: webhook.reason });
  if (smtpHost?.ok === false) problems.push({ path: 'body.smtp.host', message: smtpHost.reason });
  if (problems.length > 0) throw validationFailed(problems);
  return change;
}

function toTenantAddress(address: TenantAddressInput, country: string): TenantAddress {
  return {
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    postalCode: address.postalCode ?? null,
    state: address.state ?? null,
    country,
  };
}
