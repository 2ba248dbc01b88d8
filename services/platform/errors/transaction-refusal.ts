/**
 * Thrown inside a transaction to roll it back with an expected refusal; the code that opened the transaction
 * catches it and returns `failure` as its outcome, so it never reaches a caller.
 */
export class TransactionRefusal<F> extends Error {
  constructor(readonly failure: F) {
    super('refused inside a transaction');
    this.name = 'TransactionRefusal';
  }
}
