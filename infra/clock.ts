import type { Clock } from '../domain/clock';

/** The wall clock, the platform's business clock until test clocks (CONTRACT §16) give a customer its own. */
export const systemClock: Clock = { now: () => new Date() };
