import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MetricsLine, metricsIntervalFrom, startMetricsLog } from '../../server/metrics-log';

describe('the metrics log (METRICS_LOG_MS)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is off unless METRICS_LOG_MS names an interval of 100 ms or more', () => {
    expect(metricsIntervalFrom({})).toBeNull();
    expect(metricsIntervalFrom({ METRICS_LOG_MS: '' })).toBeNull();
    expect(metricsIntervalFrom({ METRICS_LOG_MS: 'yes' })).toBeNull();
    expect(metricsIntervalFrom({ METRICS_LOG_MS: '50' })).toBeNull();
    expect(metricsIntervalFrom({ METRICS_LOG_MS: '500' })).toBe(500);
  });

  it('writes one line of the event loop delay, the memory and the CPU time per interval, until stopped', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const lines: string[] = [];
    const stop = startMetricsLog(500, (line) => lines.push(line));
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(1000);
    expect(lines).toHaveLength(2);
    const line = JSON.parse(lines[0]!.replace(/^metrics /, '')) as MetricsLine;
    expect(lines[0]).toMatch(/^metrics \{/);
    expect(Object.keys(line).sort()).toEqual(['cpuMs', 'heapUsed', 'loopMaxMs', 'loopP50Ms', 'loopP99Ms', 'rss']);
    expect(line.rss).toBeGreaterThan(0);
    expect(line.heapUsed).toBeGreaterThan(0);
    expect(line.cpuMs).toBeGreaterThan(0);
  });
});
