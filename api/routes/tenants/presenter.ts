import type { TenantDetails } from '../../../services/platform/tenants';
import { presentTenant } from '../../presenters/tenant';
import type { TenantDetailsJson } from './schema';

/** The tenant as GET /tenants/me shows it (CONTRACT §6): never the password hash or the SMTP password. */
export function presentTenantDetails(tenant: TenantDetails): TenantDetailsJson {
  const { smtp } = tenant;
  return {
    ...presentTenant(tenant),
    webhookSigningSecret: tenant.webhookSigningSecret,
    smtp:
      smtp === null
        ? null
        : {
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            user: smtp.user,
            from: smtp.from,
            passwordSet: smtp.sealedPassword !== null,
          },
    settings: {
      ...tenant.settings,
      dunning: { ...tenant.settings.dunning, reminderDays: [...tenant.settings.dunning.reminderDays] },
      portal: { ...tenant.settings.portal, planIds: [...tenant.settings.portal.planIds] },
    },
    address: tenant.address === null ? null : { ...tenant.address },
    taxId: tenant.taxId,
    updatedAt: tenant.updatedAt.toISOString(),
  };
}
