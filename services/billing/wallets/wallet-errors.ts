import { formatCredits } from '../../../domain/wallets';
import { conflict, notFound, type AppError } from '../../platform/errors';
import type { WalletFailure } from './wallet-records';

/** The AppError of a wallet refusal; `subject` is the id the message names. */
export function walletError(failure: WalletFailure, subject = ''): AppError {
  switch (failure.code) {
    case 'wallet_not_found':
      return notFound('wallet_not_found', `Wallet ${subject} not found`);
    case 'customer_not_found':
      return notFound('customer_not_found', `Customer ${subject} not found`);
    case 'wallet_already_exists':
      return conflict('wallet_already_exists', `Customer ${subject} already has an ACTIVE wallet`);
    case 'wallet_terminated':
      return conflict('wallet_terminated', `Wallet ${subject} is TERMINATED`);
    case 'insufficient_wallet_credits':
      return conflict(
        'insufficient_wallet_credits',
        `Wallet ${subject} holds ${formatCredits(failure.balance)} credits; a void cannot take more`,
      );
  }
}
