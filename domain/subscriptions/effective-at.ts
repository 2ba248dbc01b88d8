/** When a cancellation or a plan change takes effect: at once, or when the current period ends. */
export const EFFECTIVE_AT_VALUES = ['now', 'period_end'] as const;
export type EffectiveAt = (typeof EFFECTIVE_AT_VALUES)[number];
