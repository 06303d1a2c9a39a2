/**
 * The process's own figures as a log line, for the scale benchmark (docs/benchmarks.md "Scale"): only when
 * `METRICS_LOG_MS` is set (off by default). Every that many milliseconds one line goes to stdout, `metrics `
 * and a JSON object: the event loop's delay over the interval just ended (p50, p99, max; `monitorEventLoopDelay`),
 * the memory now (RSS, heap used) and the CPU time used so far. Nothing of it is served over HTTP.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What one line says. */
export interface MetricsLine {
  /** The event loop's delay over the interval, in milliseconds. */
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  /** Resident set size and V8 heap used, in bytes. */
  rss: number;
  heapUsed: number;
  /** The process's CPU time so far (user and system), in milliseconds. */
  cpuMs: number;
}

/** The interval `METRICS_LOG_MS` asks for, or null when it is unset (or not a whole number of 100 ms or more). */
export function metricsIntervalFrom(env: NodeJS.ProcessEnv): number | null {
  const ms = Number(env.METRICS_LOG_MS);
  return env.METRICS_LOG_MS && Number.isInteger(ms) && ms >= 100 ? ms : null;
}

/** Writes a {@link MetricsLine} every `intervalMs` with `write`; the returned function stops it. */
export function startMetricsLog(intervalMs: number, write: (line: string) => void = (line) => console.log(line)): () => void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const timer = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    const cpu = process.cpuUsage();
    const line: MetricsLine = {
      loopP50Ms: ms(delay.percentile(50)),
      loopP99Ms: ms(delay.percentile(99)),
      loopMaxMs: ms(delay.max),
      rss,
      heapUsed,
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    };
    delay.reset();
    write(`metrics ${JSON.stringify(line)}`);
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.disable();
  };
}
