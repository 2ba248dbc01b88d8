/** How a charge turns a period's usage into a fee (the pricing of each lives beside it in this folder). */
export const CHARGE_MODELS = ['STANDARD', 'GRADUATED', 'VOLUME', 'PACKAGE', 'PERCENTAGE'] as const;
export type ChargeModel = (typeof CHARGE_MODELS)[number];
