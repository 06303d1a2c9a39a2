/**
 * The journey's one clock. The advice, the validation rules and the saved
 * suitability all read today's date through it, so that the app root decides
 * what "today" is (the system clock) and a test can fix it.
 */
import { createContext, useContext } from 'react';

/** Returns the current date and time. */
export type Clock = () => Date;

/** The system clock. */
export const systemClock: Clock = () => new Date();

/** The clock the views read; the app root provides the same one it gives the machine. */
export const ClockContext = createContext<Clock>(systemClock);

/** Today's date, for a view. */
export const useToday = (): Date => useContext(ClockContext)();
