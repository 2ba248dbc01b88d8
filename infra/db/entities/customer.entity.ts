import { defineEntity, p } from '@mikro-orm/core';
import { timestampProperties } from './timestamps';

/**
 * A tenant's customer. `schema: '*'` makes the table follow the EntityManager: `orm.em.fork({ schema })` or
 * `RequestContext.create(orm.em, next, { schema })` reads and writes the given tenant schema's `customers`.
 */
export const CustomerSchema = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  schema: '*',
  properties: {
    id: p.string().primary().columnType('text'),
    externalId: p.string().columnType('text'),
    name: p.string().columnType('text').nullable(),
    email: p.string().columnType('text'),
    country: p.string().columnType('char(2)').nullable(),
    currency: p.string().columnType('char(3)'),
    timezone: p.string().columnType('text').nullable(),
    netPaymentTerms: p.integer().nullable(),
    metadata: p
      .json<Record<string, string>>()
      .columnType('jsonb')
      .onCreate(() => ({})),
    ...timestampProperties(),
    deletedAt: p.datetime().columnType('timestamptz').nullable(),
  },
});

export class Customer extends CustomerSchema.class {}
CustomerSchema.setClass(Customer);
