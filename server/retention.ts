/**
 * The retention sweep (RETENTION, server/config.ts): while the server runs, visitors' data not
 * touched within the retention period is deleted, once at start and then at every interval. The same sweep deletes
 * advice files past their own site's retention (docs/advice-records.md: whole years after the latest entry, 7 unless
 * the site says otherwise), which RETENTION does not touch.
 */
import type { DeletedVisitorData, Storage } from './storage/types';

/** The longest wait between two sweeps: data outlives its period by at most this. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface RetentionOptions {
  storage: Pick<Storage, 'purgeOlderThan'> & Partial<Pick<Storage, 'purgeExpiredAdviceFiles'>>;
  /** How long data is kept after it was last touched. */
  retentionMs: number;
  /** Time between sweeps. @default the shorter of {@link SWEEP_INTERVAL_MS} and the retention period */
  intervalMs?: number;
  /** The clock. @default Date.now */
  now?: () => number;
  /** Called after each sweep with what it deleted. */
  onSweep?: (deleted: DeletedVisitorData, cutoffMs: number) => void;
  /** Called after each sweep with how many advice files past their site's retention it deleted. */
  onAdviceSweep?: (files: number) => void;
  /** Called when a sweep fails; the next one still runs. */
  onError?: (err: unknown) => void;
}

/** The total number of records in a {@link DeletedVisitorData}. */
export const deletedTotal = (d: DeletedVisitorData) => d.chatSessions + d.messages + d.profiles + d.buttonClicks;

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a delete removed, in words: `2 chat sessions, 5 messages, 1 profile, 0 button clicks`. */
export const describeDeleted = (d: DeletedVisitorData) =>
  [
    counted(d.chatSessions, 'chat session'),
    counted(d.messages, 'message'),
    counted(d.profiles, 'profile'),
    counted(d.buttonClicks, 'button click'),
  ].join(', ');

/** Sweeps now, then every interval; returns the function that stops the timer (call it when the server closes). */
export function startRetention({
  storage,
  retentionMs,
  intervalMs,
  now = Date.now,
  onSweep,
  onAdviceSweep,
  onError,
}: RetentionOptions): () => void {
  const sweep = async () => {
    try {
      const cutoffMs = now() - retentionMs;
      const deleted = await storage.purgeOlderThan(cutoffMs);
      onSweep?.(deleted, cutoffMs);
    } catch (err) {
      // A busy database (the admin CLI writing, PostgreSQL out of reach a moment) must not stop the sweeps to come.
      onError?.(err);
    }
    try {
      // advice files keep their own retention, per site (chat's cutoff above does not apply to them)
      if (storage.purgeExpiredAdviceFiles) onAdviceSweep?.(await storage.purgeExpiredAdviceFiles(now()));
    } catch (err) {
      onError?.(err);
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs ?? Math.min(SWEEP_INTERVAL_MS, retentionMs));
  // The sweep never keeps the process alive on its own.
  timer.unref();
  return () => clearInterval(timer);
}
