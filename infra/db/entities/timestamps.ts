import { p } from '@mikro-orm/core';

/** `createdAt` and `updatedAt` (timestamptz) as every entity carries them; spread into `properties`. */
export const timestampProperties = () => ({
  createdAt: p
    .datetime()
    .columnType('timestamptz')
    .onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .columnType('timestamptz')
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
});
