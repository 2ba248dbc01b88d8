import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../openapi/schema-registry';

const CheckResult = Type.Union([Type.Literal('ok'), Type.Literal('error')]);

export const HealthSchema = named(
  'Health',
  Type.Object(
    {
      status: CheckResult,
      checks: Type.Object({ database: CheckResult, temporal: CheckResult }, { additionalProperties: false }),
      statusCode: Type.Optional(Type.Integer({ description: '503 when a dependency is down' })),
      error: Type.Optional(Type.String()),
      message: Type.Optional(Type.String({ description: 'Names the failed checks' })),
    },
    { additionalProperties: false },
  ),
);

export type Health = Static<typeof HealthSchema>;
export type HealthCheckName = keyof Health['checks'];
