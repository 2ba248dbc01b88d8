export { CHARGE_MODELS, type ChargeModel } from './charge-model';
export {
  rangeFloor,
  validateRanges,
  type ChargeRange,
  type RangeError,
  type RangeErrorCode,
  type RangeField,
  type RangeValidation,
} from './charge-range';
export { percentageExact, pricePercentage, type PercentageTerms } from './percentage-charge';
export {
  ChargeModelInvariantError,
  graduatedExact,
  packageCount,
  packageExact,
  priceGraduated,
  pricePackage,
  priceStandard,
  priceVolume,
  standardExact,
  volumeExact,
  volumeRangeOf,
} from './unit-charges';
