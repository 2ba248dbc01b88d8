export {
  AppError,
  ERROR_KINDS,
  RetryLaterError,
  conflict,
  invalid,
  notFound,
  unauthenticated,
  unavailable,
  validationFailed,
  type ErrorDetail,
  type ErrorKind,
} from './app-error';
export { TransactionRefusal } from './transaction-refusal';
