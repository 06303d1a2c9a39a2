/**
 * What both storages share: rows read into the interface's records (the column names are the same on SQLite
 * and PostgreSQL), column readers, the clock written into rows, tokens and key hashes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  AccountWithHash,
  ActionTrigger,
  AppearanceVersion,
  AuditActor,
  AuditEntry,
  ChatSessionSummary,
  ConsoleSessionRecord,
  ListedConsoleSession,
  DocumentRecord,
  FooterButton,
  InviteRecord,
  NewAuditEntry,
  PresenceMessage,
  Site,
  SiteConfig,
  SiteDetails,
  SiteMember,
  SiteRole,
  Storage,
  VideoFileKind,
  VideoRecord,
  VideoSettings,
  ListedInvite,
} from './types';

/** A row as a driver returns it: column name to value. */
export type Row = Record<string, unknown>;

/** A column as text; NULL reads as ''. */
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A nullable column as text or undefined. */
export const optStr = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

/** A JSON column's value; `fallback` when it does not parse. */
export const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The time written into `created_at` and `updated_at` columns. */
export const now = () => new Date().toISOString();

/**
 * An unguessable URL-safe token (embed tokens, file ids) that starts with a letter or digit:
 * one starting with '-' reads as an option to the admin CLI (`footer:add -x…`) and other tools.
 */
export function newToken(bytes = 18): string {
  for (;;) {
    const token = randomBytes(bytes).toString('base64url');
    if (/^[A-Za-z0-9]/.test(token)) return token;
  }
}

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  agentPageAwareness: true,
  interactiveAvatarId: '',
  referenceWebpage: '',
  adviceTools: false,
};

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function toSite(r: Row): Site {
  return {
    id: str(r.id),
    name: str(r.name),
    keyPrefix: str(r.key_prefix),
    origins: json<string[]>(str(r.origins), []),
    config: { ...DEFAULT_SITE_CONFIG, ...json<Partial<SiteConfig>>(str(r.config), {}) },
    appearance: json<Record<string, unknown>>(str(r.appearance), {}),
    createdAt: str(r.created_at),
  };
}

/** A site's details (SiteStorage.getSiteDetails): `SELECT api_key, previous_key_until, (SELECT max(version) …) AS appearance_version`. */
export const toSiteDetails = (r: Row): SiteDetails => ({
  apiKey: optStr(r.api_key) ?? null,
  previousKeyValidUntil: r.previous_key_until === null || r.previous_key_until === undefined ? null : Number(r.previous_key_until),
  appearanceVersion: Number(r.appearance_version ?? 0),
});

export const toAppearanceVersion = (r: Row): AppearanceVersion & { fields: Record<string, unknown> } => ({
  version: Number(r.version),
  savedAt: str(r.saved_at),
  savedBy: r.saved_by === null || r.saved_by === undefined ? null : json<AuditActor | null>(str(r.saved_by), null),
  restoredFrom: r.restored_from === null || r.restored_from === undefined ? null : Number(r.restored_from),
  fields: json<Record<string, unknown>>(str(r.fields), {}),
});

/** A site found by a key: by its current key (`until` null), or by its previous one, which works until `until` (epoch ms). */
export type KeyMatch = { site: Site; until: number | null };

/** What a lookup by the key hash `hash` found (row of `WHERE api_key_hash = hash OR previous_key_hash = hash`). */
export function keyMatch(hash: string, r: Row | null | undefined): KeyMatch | null {
  if (!r) return null;
  const site = deepFreeze(toSite(r));
  return r.api_key_hash === hash ? { site, until: null } : { site, until: Number(r.previous_key_until ?? 0) };
}

/** The site of a key match, unless the key is a previous one whose grace has ended by `nowMs`. */
export const siteInGrace = (match: KeyMatch | null, nowMs: number): Site | null =>
  match && (match.until === null || match.until > nowMs) ? match.site : null;

export const toSession = (r: Row): ChatSessionSummary => ({
  id: str(r.id),
  name: str(r.name),
  lastMessageTimestamp: str(r.last_message_at),
  totalMessages: Number(r.message_count),
});

export const toDocument = (r: Row): DocumentRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  name: str(r.name),
  type: str(r.type),
  versionNumber: Number(r.version_number),
  embedToken: str(r.embed_token),
  fileId: optStr(r.file_id) ?? null,
  filename: optStr(r.filename) ?? null,
  text: optStr(r.text) ?? null,
  hideDocHeader: Boolean(r.hide_doc_header),
  hideDocFooter: Boolean(r.hide_doc_footer),
});

export const toFooterButton = (r: Row): FooterButton => ({
  id: str(r.id),
  label: str(r.label),
  type: str(r.type) as FooterButton['type'],
  url: optStr(r.url),
  actionType: optStr(r.action_type),
});

export const DEFAULT_VIDEO_SETTINGS: VideoSettings = {
  hideVideoHeader: false,
  shareEnabled: true,
  askQuestionEnabled: true,
  embedBrandColor: '#1d4ed8',
  controls: true,
  autoplay: false,
  loop: false,
  mute: false,
};

export const toVideo = (r: Row): VideoRecord => ({
  id: str(r.id),
  siteId: str(r.site_id),
  name: str(r.name),
  description: str(r.description),
  embedToken: str(r.embed_token),
  fileId: optStr(r.file_id) ?? null,
  filename: optStr(r.filename) ?? null,
  thumbnailFileId: optStr(r.thumbnail_file_id) ?? null,
  thumbnailFilename: optStr(r.thumbnail_filename) ?? null,
  captionsFileId: optStr(r.captions_file_id) ?? null,
  captionsFilename: optStr(r.captions_filename) ?? null,
  transcript: str(r.transcript),
  settings: { ...DEFAULT_VIDEO_SETTINGS, ...json<Partial<VideoSettings>>(str(r.settings), {}) },
});

/** A trigger path matches exactly, or as a prefix when it ends in `*`. */
export function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

export const toTrigger = (r: Row): ActionTrigger => ({
  id: str(r.id),
  path: str(r.path),
  name: str(r.name),
  buttonType: str(r.button_type) as ActionTrigger['buttonType'],
  externalUrl: optStr(r.external_url),
  actionMessage: optStr(r.action_message),
  position: Number(r.position),
});

/** A new action button: `INSERT INTO action_triggers (id, site_id, path, name, button_type, external_url, action_message, position)`'s values and the record it stores. */
export function newTrigger(id: string, siteId: string, t: Parameters<Storage['addActionTrigger']>[1], position: number) {
  const record: ActionTrigger = {
    id,
    path: t.path,
    name: t.name,
    buttonType: t.buttonType,
    externalUrl: t.externalUrl,
    actionMessage: t.actionMessage,
    position,
  };
  return { record, values: [id, siteId, t.path, t.name, t.buttonType, t.externalUrl ?? null, t.actionMessage ?? null, position] };
}

/**
 * One path's buttons (`before`, in their order) put in the order of `ids`, each taking the positions they held between
 * them; 'CONFLICT' when `ids` do not name each of them exactly once.
 */
export function reorderedPositions(before: readonly ActionTrigger[], ids: readonly string[]): ActionTrigger[] | 'CONFLICT' {
  const byId = new Map(before.map((t) => [t.id, t]));
  if (ids.length !== before.length || new Set(ids).size !== ids.length || !ids.every((id) => byId.has(id))) return 'CONFLICT';
  const positions = before.map((t) => t.position).sort((a, b) => a - b);
  // two buttons of one position (added at once) would keep no order: each takes at least the one after the previous
  let last = -1;
  return ids.map((id, i) => {
    last = Math.max(positions[i]!, last + 1);
    return { ...byId.get(id)!, position: last };
  });
}

export const toPresenceMessage = (r: Row): PresenceMessage => ({
  id: str(r.id),
  triggerEventUrl: str(r.trigger_path),
  videoId: str(r.video_id),
  content: str(r.content),
  showOnVisit: Boolean(r.show_on_visit),
  createdAt: str(r.created_at),
});

/** Freezes `value` and everything it holds, so a cached object shared by requests cannot be changed by one of them. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/*
 * A new row's values, in the order of both storages' INSERT statements (flags as 0 or 1, which SQLite binds and
 * PostgreSQL reads as booleans), so that a site, a document or a video is written alike on either.
 */

/** `INSERT INTO sites (id, name, api_key_hash, key_prefix, origins, config, appearance, created_at, api_key)`. */
export const siteValues = (id: string, input: Parameters<Storage['createSite']>[0]) => [
  id,
  input.name,
  hashApiKey(input.apiKey),
  input.apiKey.slice(0, 8),
  JSON.stringify(input.origins),
  JSON.stringify({ ...DEFAULT_SITE_CONFIG, ...input.config }),
  JSON.stringify(input.appearance ?? {}),
  now(),
  input.apiKey,
];

/** `INSERT INTO documents (id, site_id, name, type, version_number, embed_token, file_id, text, hide_doc_header, hide_doc_footer, created_at, text_reader)`. */
export const documentValues = (id: string, input: Parameters<Storage['addDocument']>[0]) => [
  id,
  input.siteId,
  input.name,
  input.type,
  input.versionNumber ?? 1,
  input.embedToken ?? newToken(),
  input.fileId,
  input.text,
  input.hideDocHeader ? 1 : 0,
  input.hideDocFooter ? 1 : 0,
  now(),
  input.textReader ?? 0,
];

/** The column of `videos` that names each of a video's files. */
export const VIDEO_FILE_COLUMNS: Readonly<Record<VideoFileKind, string>> = {
  video: 'file_id',
  poster: 'thumbnail_file_id',
  captions: 'captions_file_id',
};

/** `INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at)`. */
export const videoValues = (id: string, input: Parameters<Storage['addVideo']>[0]) => [
  id,
  input.siteId,
  input.name,
  input.description,
  input.embedToken ?? newToken(),
  input.fileId,
  input.thumbnailFileId,
  input.captionsFileId ?? null,
  input.transcript,
  JSON.stringify({ ...DEFAULT_VIDEO_SETTINGS, ...input.settings }),
  now(),
];

/** `INSERT INTO audit_log (site_id, at, actor, action, before_value, after_value)`. */
export const auditValues = (entry: NewAuditEntry, at = now()) => [
  entry.siteId,
  at,
  JSON.stringify(entry.actor),
  entry.action,
  entry.before === undefined ? null : JSON.stringify(entry.before),
  entry.after === undefined ? null : JSON.stringify(entry.after),
];

export const toAudit = (r: Row): AuditEntry => ({
  id: Number(r.id),
  siteId: optStr(r.site_id) ?? null,
  at: str(r.at),
  actor: json<AuditActor>(str(r.actor), { kind: 'cli' }),
  action: str(r.action),
  before: r.before_value === null || r.before_value === undefined ? null : json<unknown>(str(r.before_value), null),
  after: r.after_value === null || r.after_value === undefined ? null : json<unknown>(str(r.after_value), null),
});
/** How an email is compared (accounts are unique whatever the case): NFKC, trimmed, lower case. */
export const emailKey = (email: string) => email.normalize('NFKC').trim().toLowerCase();

/** The hash a console token (a session id, an invitation token) is stored as: the token itself is never stored. */
export const hashConsoleToken = (token: string) => createHash('sha256').update(`console:${token}`, 'utf8').digest('hex');

export function toAccount(r: Row): AccountWithHash {
  return {
    id: str(r.id),
    email: str(r.email),
    passwordHash: str(r.password_hash),
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
  };
}

/**
 * A pending invitation's id in the console (`inviteId`): derived one way from its stored token hash, so it names the
 * invitation without being usable as its link.
 */
export const inviteIdOf = (tokenHash: string) =>
  `inv_${createHash('sha256').update(`invite-id:${tokenHash}`).digest('base64url').slice(0, 22)}`;

/** A pending invitation as a site's list shows it, with its {@link inviteIdOf id}. */
export const toListedInvite = (r: Row): ListedInvite => ({ ...toInvite(r), id: inviteIdOf(str(r.token_hash)) });

export function toInvite(r: Row): InviteRecord {
  return {
    email: str(r.email),
    siteId: optStr(r.site_id) ?? null,
    role: (optStr(r.role) as SiteRole | undefined) ?? null,
    createdBy: optStr(r.created_by) ?? null,
    expiresAt: Number(r.expires_at),
  };
}

export function toMember(r: Row): SiteMember {
  return { siteId: str(r.site_id), accountId: str(r.account_id), email: str(r.email), role: str(r.role) as SiteRole };
}

export function toConsoleSession(r: Row): ConsoleSessionRecord {
  return {
    accountId: str(r.account_id),
    email: str(r.email),
    csrfToken: str(r.csrf_token),
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    authAt: Number(r.auth_at),
    userAgent: r.user_agent == null ? null : str(r.user_agent),
  };
}

/** The handle a session is listed and ended by: a hash of its stored hash, so neither the cookie's value nor what the database keeps. */
export const consoleSessionHandle = (idHash: string) => createHash('sha256').update(`console-handle:${idHash}`, 'utf8').digest('base64url');

/** A session as the account's list shows it. */
export function toListedConsoleSession(r: Row): ListedConsoleSession {
  return {
    handle: consoleSessionHandle(str(r.id_hash)),
    accountId: str(r.account_id),
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    authAt: Number(r.auth_at),
    userAgent: r.user_agent == null ? null : str(r.user_agent),
  };
}

/** A file's bytes as the drivers take them: a Buffer over the same memory, not a copy (an upload may be 200 MB). */
export const bufferOf = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
