/** The server's configuration, from environment variables (documented in README.md). */
import path from 'node:path';
import { parseDuration } from '../contract/duration';
import { REAUTH_AFTER_MAX_MS } from './console/limits';
import { BUSINESS } from '../journey/licensee';
import { defaultMailFrom, smtpUrlFrom } from './mail';
import { DEFAULT_MAX_STREAMS } from './routes/stream-admission';

/** Default per-address limits a window (a page load boots once; an office behind one address holds many visitors). */
export const DEFAULT_PER_IP = { chat: 60, boot: 60 } as const;

export interface ServerConfig {
  /** @default 8787 */
  port: number;
  /** Loopback by default: the server is reachable from this machine only unless HOST says otherwise. @default '127.0.0.1' */
  host: string;
  /** Where the database, the token secret and the demo key live. @default './data' */
  dataDir: string;
  /** The built browser files (dist/public). */
  publicDir: string;
  /** The public base URL for links to files (ends with '/'); by default each request's own origin. */
  publicUrl: string | undefined;
  /** How long a session token lives (TOKEN_TTL: 10s, 30m, 2h, 1d). @default 30 min */
  tokenTtlMs: number;
  /** Chat messages per visitor per window (RATE_LIMIT_CHAT_VISITOR). @default 20 */
  chatPerVisitor: number;
  /** Chat messages per site per window (RATE_LIMIT_CHAT_SITE). @default 600 */
  chatPerSite: number;
  /** Chat messages per client address per window (RATE_LIMIT_CHAT_IP). @default 60 */
  chatPerIp: number;
  /** Session boots per client address per window (RATE_LIMIT_BOOT_IP). @default 60 */
  bootPerIp: number;
  /** How long a site's API key keeps working after a rotation (KEY_GRACE). @default 24 h */
  keyGraceMs: number;
  /** How long after its password was given a console session may make a sensitive change (REAUTH_AFTER). @default 10 min */
  reauthAfterMs: number;
  /** How long renewals may keep a session's tokens alive from its boot (TOKEN_MAX_LIFE). @default 24 h */
  tokenMaxLifeMs: number;
  /** Whose X-Forwarded-For to believe (TRUST_PROXY: true, a hop count, or addresses/CIDRs). @default false */
  trustProxy: boolean | number | string;
  /** The rate-limit window (RATE_LIMIT_WINDOW). @default 1 min */
  rateWindowMs: number;
  /** The largest audio upload (MAX_AUDIO_BYTES). @default 10 MiB */
  maxAudioBytes: number;
  /** Answers written at once on this instance (MAX_STREAMS); past it a new chat is refused with 503 and Retry-After. @default 3000 */
  maxStreams: number;
  /** How long the answer provider may go without sending a piece, the first included (LLM_TIMEOUT). @default 30 s */
  llmTimeoutMs: number;
  /** How long the answer provider may take for a whole answer (LLM_ANSWER_LIMIT). @default 3 min */
  llmAnswerLimitMs: number;
  /** Log every request (LOG=1). @default false */
  log: boolean;
  /**
   * How long visitors' data (chat sessions with their messages, profiles, button clicks) is kept
   * after it was last touched (RETENTION: 90d, 12h, …; `off` or `0` keeps it forever); null when off.
   * @default 90 days
   */
  retentionMs: number | null;
  /**
   * PostgreSQL instead of the SQLite file (DATABASE_URL, `postgres://user:password@host:5432/db`): for several
   * instances of the server behind a load balancer (issue 17). null: SQLite in `dataDir`. @default null
   */
  databaseUrl: string | null;
  /** Connections each instance keeps to PostgreSQL at most (DATABASE_POOL_SIZE). @default 10 */
  databasePoolSize: number;
  /** The SMTP relay (SMTP_URL, smtp:// or smtps://); unset: no mail is sent, and nothing offers to. @default undefined */
  smtpUrl: string | undefined;
  /** The sender of every message (MAIL_FROM). @default the licensee's name with no-reply@ the public host */
  mailFrom: string;
}

/** DATABASE_URL: unset or empty for SQLite; else a postgres:// (or postgresql://) URL. */
export function databaseUrlFrom(raw: string | undefined): string | null {
  const v = raw?.trim();
  if (!v) return null;
  if (!/^postgres(ql)?:\/\//.test(v))
    throw new Error(
      'DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/database), or unset for the SQLite file in DATA_DIR',
    );
  return v;
}

/** RETENTION when unset: long enough for a visitor to come back to a conversation, short enough not to keep chats for years. */
export const DEFAULT_RETENTION = '90d';

/** The retention period of `RETENTION` (see {@link ServerConfig.retentionMs}); null for `off` or `0`. */
export function retentionFromEnv(env: NodeJS.ProcessEnv): number | null {
  const raw = env.RETENTION?.trim();
  if (raw === 'off' || raw === '0') return null;
  try {
    return parseDuration(raw || DEFAULT_RETENTION);
  } catch {
    throw new Error(`RETENTION must be a duration like 90d, 12h or 30m, or off to keep visitors' data forever, not "${env.RETENTION}"`);
  }
}

/**
 * The built-in fake avatar provider's idle timeout (AVATAR_FAKE_IDLE_TIMEOUT: `30s`, `5m`, …; unset or `off`: none): its
 * rooms end after that long without speech, as a real provider's do after 300 s (widget-spec §4 "Voice/avatar mode",
 * §9), so the 'Room disconnected: Idle timeout' path and Start new session can be tried without waiting five minutes.
 * null: its rooms never time out. @default null
 */
export function fakeAvatarIdleFromEnv(env: NodeJS.ProcessEnv): number | null {
  const raw = env.AVATAR_FAKE_IDLE_TIMEOUT?.trim();
  if (!raw || raw === 'off') return null;
  try {
    return parseDuration(raw);
  } catch {
    throw new Error(`AVATAR_FAKE_IDLE_TIMEOUT must be a duration like 10s, 5m or 1h, or off, not "${env.AVATAR_FAKE_IDLE_TIMEOUT}"`);
  }
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0, not "${raw}"`);
  return n;
}

function duration(env: NodeJS.ProcessEnv, name: string, fallback: string): number {
  try {
    return parseDuration(env[name] || fallback);
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}`);
  }
}

/**
 * REAUTH_AFTER: at most {@link REAUTH_AFTER_MAX_MS}; a longer window would let a stolen session make sensitive changes
 * long after its password was given, so the server refuses to start with one.
 */
function reauthAfter(env: NodeJS.ProcessEnv): number {
  const ms = duration(env, 'REAUTH_AFTER', '10m');
  if (ms > REAUTH_AFTER_MAX_MS) throw new Error(`REAUTH_AFTER must be a duration from 1s to 30m, not "${env.REAUTH_AFTER}"`);
  return ms;
}

/**
 * TRUST_PROXY: unset or `false` trusts no proxy (the socket's address is the client's); `true` trusts any (only
 * behind a proxy that overwrites X-Forwarded-For); a whole number trusts that many hops; anything else is a
 * comma-separated list of proxy addresses or CIDRs.
 */
export function trustProxy(raw: string | undefined): boolean | number | string {
  const v = raw?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  if (!/^[0-9A-Fa-f.:/,\s]+$/.test(v))
    throw new Error(`TRUST_PROXY must be true, false, a hop count, or proxy addresses/CIDRs, not "${raw}"`);
  return v;
}

export function configFromEnv(env: NodeJS.ProcessEnv, publicDir: string): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}"`);
  }
  const publicUrl = env.PUBLIC_URL ? (env.PUBLIC_URL.endsWith('/') ? env.PUBLIC_URL : `${env.PUBLIC_URL}/`) : undefined;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    publicDir,
    publicUrl,
    tokenTtlMs: duration(env, 'TOKEN_TTL', '30m'),
    chatPerVisitor: positiveInt(env, 'RATE_LIMIT_CHAT_VISITOR', 20),
    chatPerSite: positiveInt(env, 'RATE_LIMIT_CHAT_SITE', 600),
    chatPerIp: positiveInt(env, 'RATE_LIMIT_CHAT_IP', DEFAULT_PER_IP.chat),
    bootPerIp: positiveInt(env, 'RATE_LIMIT_BOOT_IP', DEFAULT_PER_IP.boot),
    tokenMaxLifeMs: duration(env, 'TOKEN_MAX_LIFE', '24h'),
    keyGraceMs: duration(env, 'KEY_GRACE', '24h'),
    reauthAfterMs: reauthAfter(env),
    trustProxy: trustProxy(env.TRUST_PROXY),
    rateWindowMs: duration(env, 'RATE_LIMIT_WINDOW', '1m'),
    maxAudioBytes: positiveInt(env, 'MAX_AUDIO_BYTES', 10 * 1024 * 1024),
    maxStreams: positiveInt(env, 'MAX_STREAMS', DEFAULT_MAX_STREAMS),
    llmTimeoutMs: duration(env, 'LLM_TIMEOUT', '30s'),
    llmAnswerLimitMs: duration(env, 'LLM_ANSWER_LIMIT', '3m'),
    log: env.LOG === '1' || env.LOG === 'true',
    retentionMs: retentionFromEnv(env),
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
    databasePoolSize: positiveInt(env, 'DATABASE_POOL_SIZE', 10),
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || defaultMailFrom(BUSINESS, publicUrl),
  };
}
