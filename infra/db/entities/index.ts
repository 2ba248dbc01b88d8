import { CustomerSchema } from './customer.entity';
import { TenantSchema } from './tenant.entity';

export { Customer, CustomerSchema } from './customer.entity';
export { Tenant, TenantSchema, type TenantSettings } from './tenant.entity';

/** Every entity the ORM discovers; a new entity is added here. */
export const entities = [TenantSchema, CustomerSchema];
