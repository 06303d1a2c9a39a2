/**
 * How long this process worked, not how long the wall clock ran: a loaded machine (the other test file beside this
 * one, other builds) stretches the wall clock of a piece of work but not the work itself, so a bound on work holds
 * there. vitest runs each test file in a process of its own (its `forks` pool): the count is this file's alone.
 */

/** A mark to measure from: {@link cpuSince} gives the milliseconds of CPU this process used since. */
export const cpuMark = (): NodeJS.CpuUsage => process.cpuUsage();

/** Milliseconds of CPU (user and system, every thread of the process) used since `mark`. */
export function cpuSince(mark: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(mark);
  return (user + system) / 1000;
}
