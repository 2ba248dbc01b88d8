export { allocate } from './allocation';
export {
  exceedsMoneyMaximum,
  exceedsUnitCount,
  MAX_MONEY_MAJOR_UNITS,
  MAX_UNIT_COUNT,
  MAX_UNIT_DECIMALS,
  maxMoneyMinorUnits,
  MoneyOverflowError,
  requireWithinMoneyMaximum,
  unitCountProblem,
  eventValueProblem,
  MAX_EVENT_VALUE,
  MAX_EVENT_VALUE_DECIMALS,
} from './bounds';
export { addMoney, checkSameCurrency, compareMoney, isZero, negateMoney, subtractMoney, sumMoney } from './arithmetic';
export { currencyExponent, listCurrencyCodes, parseCurrencyCode, toCurrencyCode, type CurrencyCode } from './currency';
export {
  formatDecimal,
  formatScaled,
  MAX_UNIT_PRICE_DECIMALS,
  parseDecimal,
  presentDecimal,
  type Decimal,
} from './decimal';
export { formatMajorUnits, MAX_PRESENTABLE_MINOR_UNITS, parseMajorUnits, presentMajorUnits } from './major-units';
export { type Money } from './money';
export {
  CurrencyMismatchError,
  MoneyInvariantError,
  type MoneyError,
  type MoneyErrorCode,
  type MoneyResult,
} from './money-error';
export { multiplyMoney, roundToMoney } from './multiply';
export { createRational, multiplyExact, toRational, type Factor, type Rational } from './rational';
export { HALF_AWAY_FROM_ZERO, roundToMinorUnits, type RoundingRule } from './rounding';
