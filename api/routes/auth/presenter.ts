import type { TokenPair } from '../../../services/platform/auth';
import type { Registration } from '../../../services/platform/auth';
import type { TenantProfile } from '../../../services/platform/tenants';
import { presentTenant } from '../../presenters/tenant';
import type { LoginJson, RegistrationJson, TokenPairJson } from './schema';

export function presentRegistration(registration: Registration): RegistrationJson {
  return {
    ...presentTokenPair(registration.tokens),
    apiKey: registration.apiKey,
    tenant: presentTenant(registration.tenant),
  };
}

export function presentLogin(login: TokenPair & { tenant: TenantProfile }): LoginJson {
  return { ...presentTokenPair(login), tenant: presentTenant(login.tenant) };
}

export function presentTokenPair(tokens: TokenPair): TokenPairJson {
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
}
