import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { TEST_CLOCK_STATUSES, type TestClockStatus } from '../../../services/catalog/test-clocks';
import { listEnvelopeSchema } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { TimestampSchema } from '../../schemas/common';

export const TEST_CLOCK_ID_PATTERN = `^clk_${ULID_PATTERN}$`;

const TestClockStatusSchema = named(
  'TestClockStatus',
  Type.Unsafe<TestClockStatus>({
    type: 'string',
    enum: [...TEST_CLOCK_STATUSES],
    description: 'READY: at rest at `frozenTime`; ADVANCING: its customers’ workflows are catching up to `frozenTime`',
    example: 'READY',
  }),
);

const FrozenTimeSchema = Type.String({
  format: 'date-time',
  description: 'The clock’s time (ISO 8601)',
  example: '2027-01-01T00:00:00.000Z',
});

export const TestClockSchema = named(
  'TestClock',
  Type.Object(
    {
      id: Type.String({ pattern: TEST_CLOCK_ID_PATTERN, example: 'clk_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      name: Type.Union([Type.String(), Type.Null()], { example: 'Annual renewal test' }),
      frozenTime: Type.String({
        format: 'date-time',
        description: 'The clock’s time; while ADVANCING, the time it is advancing to',
        example: '2027-01-01T00:00:00.000Z',
      }),
      status: TestClockStatusSchema,
      customerCount: Type.Integer({ minimum: 0, description: 'Customers attached to the clock', example: 1 }),
      createdAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type TestClockJson = Static<typeof TestClockSchema>;

export const TestClockListSchema = listEnvelopeSchema('TestClockList', TestClockSchema);

export const CreateTestClockBodySchema = named(
  'CreateTestClockRequest',
  Type.Object(
    {
      name: Type.Optional(
        Type.String({ minLength: 1, maxLength: 255, pattern: '\\S', example: 'Annual renewal test' }),
      ),
      frozenTime: FrozenTimeSchema,
    },
    { additionalProperties: false },
  ),
);

export const AdvanceTestClockBodySchema = named(
  'AdvanceTestClockRequest',
  Type.Object(
    {
      frozenTime: Type.String({
        format: 'date-time',
        description: 'The new time: after the clock’s time, at most two years after it',
        example: '2027-02-01T00:00:00.000Z',
      }),
    },
    { additionalProperties: false },
  ),
);
