/**
 * The web app's clock: every component and hook that needs "now" reads it through `useClock()`, so
 * component tests hand in a fixed one (src/test-utils) and nothing on screen depends on the day a
 * test runs (docs/architecture.md#time). The app itself uses the system clock.
 */
import { createContext, useContext } from 'react';

/** Answers the current time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const ClockContext = createContext<Clock>(systemClock);

/** The clock of the surrounding `AppProviders` (the system clock unless a test gave another). */
export function useClock(): Clock {
  return useContext(ClockContext);
}
