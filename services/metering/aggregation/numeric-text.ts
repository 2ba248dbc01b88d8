import { createRational, type Rational } from '../../../domain/money';

const NUMERIC_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The exact value of a PostgreSQL `numeric` as it prints (`-12.500`): usage arithmetic stays in `numeric` and
 * crosses to Node as text, never as a double.
 */
export function parseNumericText(text: string): Rational {
  const match = NUMERIC_TEXT.exec(text);
  if (match === null) throw new Error(`Not a numeric value from PostgreSQL: ${JSON.stringify(text)}`);
  const [, sign = '', whole = '', fraction = ''] = match;
  const magnitude = BigInt(whole + fraction);
  return createRational(sign === '-' ? -magnitude : magnitude, 10n ** BigInt(fraction.length));
}
