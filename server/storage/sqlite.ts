/**
 * The Storage interface on SQLite (better-sqlite3): one file, WAL mode, schema
 * migrations run on open, every multi-row write in one transaction.
 */
import Database from 'better-sqlite3';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type {
  ActionTrigger,
  ButtonClick,
  ChatSessionSummary,
  DocumentRecord,
  FooterButton,
  PresenceMessage,
  Site,
  SiteConfig,
  Storage,
  StoredFile,
  StoredMessage,
  VideoRecord,
  VideoSettings,
} from './types';

/** Schema versions, applied in order; `PRAGMA user_version` records how many have run. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    api_key_hash TEXT NOT NULL UNIQUE,
    key_prefix TEXT NOT NULL,
    origins TEXT NOT NULL DEFAULT '[]',
    config TEXT NOT NULL DEFAULT '{}',
    appearance TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  );
  CREATE TABLE chat_sessions (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    user_session_id TEXT NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    last_message_at TEXT NOT NULL,
    message_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX chat_sessions_visitor ON chat_sessions(site_id, user_session_id, last_message_at DESC);
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    chat_session_id TEXT NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('user', 'ai')),
    content TEXT NOT NULL,
    type TEXT NOT NULL DEFAULT 'TEXT' CHECK (type IN ('TEXT', 'VIDEO')),
    is_error INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    UNIQUE (chat_session_id, seq)
  );
  CREATE TABLE profiles (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    user_session_id TEXT NOT NULL,
    fields TEXT NOT NULL DEFAULT '{}',
    updated_at TEXT NOT NULL,
    PRIMARY KEY (site_id, user_session_id)
  );
  CREATE TABLE files (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE documents (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    version_number INTEGER NOT NULL DEFAULT 1,
    embed_token TEXT NOT NULL UNIQUE,
    file_id TEXT REFERENCES files(id),
    text TEXT,
    hide_doc_header INTEGER NOT NULL DEFAULT 0,
    hide_doc_footer INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE TABLE footer_buttons (
    id TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('LINK', 'BUTTON')),
    url TEXT,
    action_type TEXT,
    position INTEGER NOT NULL
  );
  CREATE TABLE videos (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    embed_token TEXT NOT NULL UNIQUE,
    file_id TEXT REFERENCES files(id),
    thumbnail_file_id TEXT REFERENCES files(id),
    transcript TEXT NOT NULL DEFAULT '',
    settings TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL
  );
  CREATE TABLE action_triggers (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    name TEXT NOT NULL,
    button_type TEXT NOT NULL CHECK (button_type IN ('EXTERNAL_LINK', 'ACTION')),
    external_url TEXT,
    action_message TEXT,
    position INTEGER NOT NULL
  );
  CREATE INDEX action_triggers_site ON action_triggers(site_id, position);
  CREATE TABLE presence_messages (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    trigger_path TEXT NOT NULL,
    video_id TEXT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    content TEXT NOT NULL DEFAULT '',
    show_on_visit INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
  );
  CREATE TABLE button_clicks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    button_id TEXT NOT NULL,
    chat_session_id TEXT,
    chat_log_id TEXT,
    user_session_id TEXT NOT NULL,
    page_url TEXT NOT NULL,
    referrer_url TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // 2: captions (WebVTT) for videos
  `ALTER TABLE videos ADD COLUMN captions_file_id TEXT REFERENCES files(id);`,
];

export const DEFAULT_SITE_CONFIG: SiteConfig = { agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '' };

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

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
/** An unguessable URL-safe token (embed tokens, file ids). */
export const newToken = (bytes = 18) => randomBytes(bytes).toString('base64url');

/** A trigger path matches exactly, or as a prefix when it ends in `*`. */
export function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}

const now = () => new Date().toISOString();
const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const optStr = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

function toSite(r: Row): Site {
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

const toSession = (r: Row): ChatSessionSummary => ({
  id: str(r.id),
  name: str(r.name),
  lastMessageTimestamp: str(r.last_message_at),
  totalMessages: Number(r.message_count),
});

const toMessage = (r: Row): StoredMessage => ({
  id: str(r.id),
  chatSessionId: str(r.chat_session_id),
  role: str(r.role) as StoredMessage['role'],
  content: str(r.content),
  type: str(r.type) as StoredMessage['type'],
  createdAt: str(r.created_at),
  isError: Boolean(r.is_error),
});

const toDocument = (r: Row): DocumentRecord => ({
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

const toVideo = (r: Row): VideoRecord => ({
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

const toTrigger = (r: Row): ActionTrigger => ({
  id: str(r.id),
  path: str(r.path),
  name: str(r.name),
  buttonType: str(r.button_type) as ActionTrigger['buttonType'],
  externalUrl: optStr(r.external_url),
  actionMessage: optStr(r.action_message),
  position: Number(r.position),
});

const toFooterButton = (r: Row): FooterButton => ({
  id: str(r.id),
  label: str(r.label),
  type: str(r.type) as FooterButton['type'],
  url: optStr(r.url),
  actionType: optStr(r.action_type),
});

const VIDEO_SELECT = `SELECT v.*, f.filename AS filename, t.filename AS thumbnail_filename, c.filename AS captions_filename FROM videos v
  LEFT JOIN files f ON f.id = v.file_id LEFT JOIN files t ON t.id = v.thumbnail_file_id LEFT JOIN files c ON c.id = v.captions_file_id`;
const DOCUMENT_SELECT = `SELECT d.*, f.filename AS filename FROM documents d LEFT JOIN files f ON f.id = d.file_id`;

/** Opens (creating and migrating as needed) the database file `file`; ':memory:' for a throwaway one. */
export function openSqliteStorage(file: string): Storage {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const q = <P extends unknown[] = unknown[]>(sql: string) => {
    const stmt = db.prepare<P, Row>(sql);
    return stmt;
  };

  const stmts = {
    siteById: q<[string]>('SELECT * FROM sites WHERE id = ?'),
    siteByKey: q<[string]>('SELECT * FROM sites WHERE api_key_hash = ?'),
    session: q<[string, string, string]>('SELECT * FROM chat_sessions WHERE site_id = ? AND user_session_id = ? AND id = ?'),
    sessions: q<[string, string]>(
      'SELECT * FROM chat_sessions WHERE site_id = ? AND user_session_id = ? ORDER BY last_message_at DESC, created_at DESC',
    ),
    messages: q<[string]>('SELECT * FROM messages WHERE chat_session_id = ? ORDER BY seq'),
    insertSession: q('INSERT INTO chat_sessions (id, site_id, user_session_id, name, path, created_at, last_message_at, message_count) VALUES (?, ?, ?, ?, ?, ?, ?, 0)'),
    insertMessage: q('INSERT INTO messages (id, chat_session_id, seq, role, content, type, is_error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    bumpSession: q('UPDATE chat_sessions SET message_count = message_count + ?, last_message_at = ? WHERE id = ?'),
    renameSession: q('UPDATE chat_sessions SET name = ? WHERE site_id = ? AND user_session_id = ? AND id = ?'),
    profile: q<[string, string]>('SELECT fields FROM profiles WHERE site_id = ? AND user_session_id = ?'),
    upsertProfile: q(
      'INSERT INTO profiles (site_id, user_session_id, fields, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (site_id, user_session_id) DO UPDATE SET fields = excluded.fields, updated_at = excluded.updated_at',
    ),
    file: q<[string]>('SELECT * FROM files WHERE id = ?'),
    documentById: q<[string]>(`${DOCUMENT_SELECT} WHERE d.id = ?`),
    documentByToken: q<[string]>(`${DOCUMENT_SELECT} WHERE d.embed_token = ?`),
    documents: q<[string]>(`${DOCUMENT_SELECT} WHERE d.site_id = ? ORDER BY d.created_at, d.name`),
    footerButtons: q<[string]>('SELECT * FROM footer_buttons WHERE document_id = ? ORDER BY position'),
    videoById: q<[string]>(`${VIDEO_SELECT} WHERE v.id = ?`),
    videoByToken: q<[string]>(`${VIDEO_SELECT} WHERE v.embed_token = ?`),
    videos: q<[string]>(`${VIDEO_SELECT} WHERE v.site_id = ? ORDER BY v.created_at`),
    triggers: q<[string]>('SELECT * FROM action_triggers WHERE site_id = ? ORDER BY position, name'),
    presence: q<[string]>('SELECT * FROM presence_messages WHERE site_id = ? AND show_on_visit = 1 ORDER BY created_at'),
  };

  const getSite = (id: string) => {
    const r = stmts.siteById.get(id);
    return r ? toSite(r) : null;
  };

  const appendMessages = db.transaction((input: Parameters<Storage['appendMessages']>[0]) => {
    const t = input.messages[input.messages.length - 1]?.createdAt ?? now();
    let sessionId = input.chatSessionId;
    if (sessionId === null) {
      sessionId = randomUUID();
      stmts.insertSession.run(sessionId, input.siteId, input.userSessionId, input.newSessionName, input.path, input.messages[0]?.createdAt ?? t, t);
    } else if (!stmts.session.get(input.siteId, input.userSessionId, sessionId)) {
      throw new Error('chat session not found');
    }
    const before = Number(stmts.session.get(input.siteId, input.userSessionId, sessionId)!.message_count);
    const stored = input.messages.map((m, i) => {
      const id = randomUUID();
      stmts.insertMessage.run(id, sessionId, before + i, m.role, m.content, m.type ?? 'TEXT', m.isError ? 1 : 0, m.createdAt);
      return { id, chatSessionId: sessionId!, role: m.role, content: m.content, type: m.type ?? 'TEXT', createdAt: m.createdAt, isError: Boolean(m.isError) } satisfies StoredMessage;
    });
    stmts.bumpSession.run(input.messages.length, t, sessionId);
    return { chatSession: toSession(stmts.session.get(input.siteId, input.userSessionId, sessionId)!), messages: stored };
  });

  const storage: Storage = {
    close: () => db.close(),

    createSite(input) {
      const id = `site_${newToken(9)}`;
      db.prepare('INSERT INTO sites (id, name, api_key_hash, key_prefix, origins, config, appearance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        id,
        input.name,
        hashApiKey(input.apiKey),
        input.apiKey.slice(0, 8),
        JSON.stringify(input.origins),
        JSON.stringify({ ...DEFAULT_SITE_CONFIG, ...input.config }),
        JSON.stringify(input.appearance ?? {}),
        now(),
      );
      return getSite(id)!;
    },
    listSites: () => db.prepare<[], Row>('SELECT * FROM sites ORDER BY created_at').all().map(toSite),
    getSite,
    findSiteByApiKey(apiKey) {
      const r = stmts.siteByKey.get(hashApiKey(apiKey));
      return r ? toSite(r) : null;
    },
    updateSite(id, patch) {
      const site = getSite(id);
      if (!site) return null;
      db.prepare('UPDATE sites SET name = ?, origins = ?, config = ?, appearance = ? WHERE id = ?').run(
        patch.name ?? site.name,
        JSON.stringify(patch.origins ?? site.origins),
        JSON.stringify({ ...site.config, ...patch.config }),
        JSON.stringify(patch.appearance ? { ...site.appearance, ...patch.appearance } : site.appearance),
        id,
      );
      return getSite(id);
    },
    rotateApiKey(id, apiKey) {
      return db.prepare('UPDATE sites SET api_key_hash = ?, key_prefix = ? WHERE id = ?').run(hashApiKey(apiKey), apiKey.slice(0, 8), id).changes > 0;
    },
    allOrigins() {
      const out = new Set<string>();
      for (const r of db.prepare<[], Row>('SELECT origins FROM sites').all()) for (const o of json<string[]>(str(r.origins), [])) out.add(o);
      return out;
    },

    getChatSession(siteId, userSessionId, chatSessionId) {
      const r = stmts.session.get(siteId, userSessionId, chatSessionId);
      return r ? toSession(r) : null;
    },
    appendMessages: (input) => appendMessages(input),
    listMessages(siteId, userSessionId, chatSessionId) {
      if (!stmts.session.get(siteId, userSessionId, chatSessionId)) return [];
      return stmts.messages.all(chatSessionId).map(toMessage);
    },
    listChatSessions: (siteId, userSessionId) => stmts.sessions.all(siteId, userSessionId).map(toSession),
    renameChatSession(siteId, userSessionId, chatSessionId, name) {
      if (stmts.renameSession.run(name, siteId, userSessionId, chatSessionId).changes === 0) return null;
      return toSession(stmts.session.get(siteId, userSessionId, chatSessionId)!);
    },

    enrichProfile: db.transaction((siteId: string, userSessionId: string, fields: Record<string, string>) => {
      const current = json<Record<string, string>>(str(stmts.profile.get(siteId, userSessionId)?.fields ?? '{}'), {});
      const next = { ...current, ...fields };
      stmts.upsertProfile.run(siteId, userSessionId, JSON.stringify(next), now());
      return next;
    }),
    getProfile(siteId, userSessionId) {
      const r = stmts.profile.get(siteId, userSessionId);
      return r ? json<Record<string, string>>(str(r.fields), {}) : null;
    },

    addFile(siteId, file) {
      const id = newToken(16);
      db.prepare('INSERT INTO files (id, site_id, filename, content_type, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
        id,
        siteId,
        file.filename,
        file.contentType,
        Buffer.from(file.bytes),
        now(),
      );
      return id;
    },
    getFile(id) {
      const r = stmts.file.get(id);
      if (!r) return null;
      const bytes = r.bytes as Buffer;
      return { id: str(r.id), filename: str(r.filename), contentType: str(r.content_type), bytes, size: bytes.length } satisfies StoredFile;
    },
    addDocument(input) {
      const id = randomUUID();
      db.prepare(
        'INSERT INTO documents (id, site_id, name, type, version_number, embed_token, file_id, text, hide_doc_header, hide_doc_footer, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
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
      );
      return toDocument(stmts.documentById.get(id)!);
    },
    listDocuments: (siteId) => stmts.documents.all(siteId).map(toDocument),
    findDocumentByToken(embedToken) {
      const r = stmts.documentByToken.get(embedToken);
      return r ? toDocument(r) : null;
    },
    addFooterButton(documentId, button) {
      const id = randomUUID();
      const position = stmts.footerButtons.all(documentId).length;
      db.prepare('INSERT INTO footer_buttons (id, document_id, label, type, url, action_type, position) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        id,
        documentId,
        button.label,
        button.type,
        button.url ?? null,
        button.actionType ?? null,
        position,
      );
      return { id, ...button };
    },
    listFooterButtons: (documentId) => stmts.footerButtons.all(documentId).map(toFooterButton),
    addVideo(input) {
      const id = randomUUID();
      db.prepare(
        'INSERT INTO videos (id, site_id, name, description, embed_token, file_id, thumbnail_file_id, captions_file_id, transcript, settings, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
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
      );
      return toVideo(stmts.videoById.get(id)!);
    },
    getVideo(id) {
      const r = stmts.videoById.get(id);
      return r ? toVideo(r) : null;
    },
    findVideoByToken(embedToken) {
      const r = stmts.videoByToken.get(embedToken);
      return r ? toVideo(r) : null;
    },
    listVideos: (siteId) => stmts.videos.all(siteId).map(toVideo),

    addActionTrigger(siteId, t) {
      const id = randomUUID();
      const position = t.position ?? stmts.triggers.all(siteId).length;
      db.prepare(
        'INSERT INTO action_triggers (id, site_id, path, name, button_type, external_url, action_message, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, siteId, t.path, t.name, t.buttonType, t.externalUrl ?? null, t.actionMessage ?? null, position);
      return { id, path: t.path, name: t.name, buttonType: t.buttonType, externalUrl: t.externalUrl, actionMessage: t.actionMessage, position };
    },
    actionTriggersForPath: (siteId, p) => stmts.triggers.all(siteId).map(toTrigger).filter((t) => pathMatches(t.path, p)),
    addPresenceMessage(siteId, m) {
      const id = randomUUID();
      const createdAt = now();
      db.prepare('INSERT INTO presence_messages (id, site_id, trigger_path, video_id, content, show_on_visit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        id,
        siteId,
        m.triggerEventUrl,
        m.videoId,
        m.content,
        m.showOnVisit ? 1 : 0,
        createdAt,
      );
      return { id, createdAt, ...m };
    },
    presenceMessagesForPath: (siteId, p) =>
      stmts.presence
        .all(siteId)
        .map(
          (r): PresenceMessage => ({
            id: str(r.id),
            triggerEventUrl: str(r.trigger_path),
            videoId: str(r.video_id),
            content: str(r.content),
            showOnVisit: Boolean(r.show_on_visit),
            createdAt: str(r.created_at),
          }),
        )
        .filter((m) => pathMatches(m.triggerEventUrl, p)),

    recordButtonClick(siteId, c: ButtonClick) {
      db.prepare(
        'INSERT INTO button_clicks (site_id, button_id, chat_session_id, chat_log_id, user_session_id, page_url, referrer_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(siteId, c.buttonId, c.chatSessionId, c.chatLogId, c.userSessionId, c.pageUrl, c.referrerUrl, now());
    },
    countButtonClicks: (siteId) => Number(db.prepare<[string], Row>('SELECT count(*) AS n FROM button_clicks WHERE site_id = ?').get(siteId)!.n),
  };
  return storage;
}

function migrate(db: Database.Database) {
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > MIGRATIONS.length) {
    throw new Error(`The database is from a newer version of this server (schema ${version}, this server knows ${MIGRATIONS.length}).`);
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
