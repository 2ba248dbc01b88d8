import type { Clock } from '../domain/clock';

/**
 * Real time, for what must follow the wall whatever clock bills: credential lifetimes (API keys, refresh and reset
 * tokens), technical throttles, and webhook sends (CONTRACT §16: outbound webhooks go out in real time even under a
 * test clock). Business time is the app's `Clock` (AppDeps.clock, `systemClock` today); a test clock never moves this
 * one. Importing it is the visible decision that a time is not business time.
 */
export const wallClock: Clock = { now: () => new Date() };
