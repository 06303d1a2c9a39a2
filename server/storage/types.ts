/**
 * The server's one storage interface (docs/architecture.md "The server"): sites,
 * visitors' sessions and messages, documents and videos, analytics, and the state
 * several server instances share. The SQLite implementation (the embedded default) is
 * `sqlite.ts`, the PostgreSQL one, for deployments that run several server instances
 * (issue 17), `postgres.ts`: each puts together one module per table group below, under
 * the same file name in `sqlite/` and `postgres/`.
 *
 * Every method that writes more than one row does so atomically.
 */
import type {
  AdviceEntry as WireAdviceEntry,
  AdviceEntryData as WireAdviceEntryData,
  AdviceEntryKind,
  AdviceFileStatus,
  AdviceFileSummary,
  AdviceSettings,
  AdviceVersionUse,
  EntryAuthor,
  ReviewOutcome,
} from '../../contract/advice';
import type { Answers } from '../../machines/journey-answers';
import type { FooterButton, VideoEmbedSettings } from '../../contract/embeds';
import type { Conversation, TranscriptMessage } from '../../contract/inbox';

/** An advice file's entry as the server keeps it: the contract's, with the journey's answers. */
export type AdviceEntry = WireAdviceEntry<Answers>;
/** An entry's data as the server appends it. */
export type AdviceEntryData = WireAdviceEntryData<Answers>;

/** widget-spec §3 Config. */
export interface SiteConfig {
  agentPageAwareness: boolean;
  /** The avatar the widget's voice mode streams; empty disables voice mode. */
  interactiveAvatarId: string;
  referenceWebpage: string;
  /**
   * Whether answers work out figures with the journey's advice engine (its fees, tax and goal arithmetic,
   * server/answers/tools): on for a site that runs the journey, off for any other, whose own documents give
   * its figures. The server's own setting: not sent to the widget. @default false
   */
  adviceTools: boolean;
}

export interface Site {
  id: string;
  name: string;
  /** The first characters of the API key, to recognise it in lists (the key itself is stored hashed). */
  keyPrefix: string;
  /** Origins allowed to use the key, e.g. `https://shop.example`; `self` allows the server's own origin. */
  origins: string[];
  config: SiteConfig;
  /** Appearance overrides (widget-spec §3); defaults fill the rest when served. */
  appearance: Record<string, unknown>;
  createdAt: string;
}

export type Role = 'user' | 'ai';
export type MessageType = 'TEXT' | 'VIDEO';

export interface StoredMessage {
  id: string;
  chatSessionId: string;
  role: Role;
  content: string;
  type: MessageType;
  createdAt: string;
  /** True for an answer that reports a failure rather than answering. */
  isError: boolean;
  /** True for an answer cut off before it was complete (issue 16): its content is what was written of it. */
  incomplete: boolean;
}

export interface ChatSessionSummary {
  id: string;
  name: string;
  lastMessageTimestamp: string;
  totalMessages: number;
}

export interface NewMessage {
  role: Role;
  content: string;
  type?: MessageType;
  isError?: boolean;
  /** An answer cut off before it was complete (issue 16). @default false */
  incomplete?: boolean;
  /** A question whose answer failed (the provider failed or timed out; stored alone). @default false */
  answerFailed?: boolean;
  /** The built-in engine's "I couldn't find anything" answer (the inbox's nothing-found state). @default false */
  nothingFound?: boolean;
  /** A question asked, or an answer given, in voice mode (the avatar speaking). @default false */
  voice?: boolean;
  /** What the inbox's transcript shows beside the message. @default null (nothing recorded) */
  details?: MessageDetails | null;
  createdAt: string;
}

/**
 * What the inbox's transcript shows beside a message (column `messages.details`, JSON, schema 13; docs/console.md
 * "The conversations inbox"): for a question, what the visitor had in view; for an answer, what was offered with it.
 */
export interface MessageDetails {
  /** A question's page path, its documents and videos in context, the one asked about, and the page's action buttons. */
  context?: {
    path: string;
    documents: { id: string; name: string; kind: 'document' | 'video' }[];
    focus: { id: string; name: string } | null;
    actionButtons: { id: string; name: string; buttonType: ButtonType }[];
  };
  /** An answer's follow-up buttons (their ids are the answer's id, `-f`, and their place: 0, 1, 2), response buttons and the sources it named. */
  buttons?: {
    followUps: string[];
    responseButtons: { id: string; name: string; buttonType: 'EXTERNAL_LINK'; externalUrl: string }[];
    sources: string[];
  };
}

/** A stored file without its bytes: what `/files/{id}/{name}` answers with before it reads any. */
export interface StoredFileInfo {
  id: string;
  filename: string;
  contentType: string;
  /** Its length in bytes. */
  size: number;
}

export interface StoredFile extends StoredFileInfo {
  bytes: Buffer;
}

export interface DocumentRecord {
  id: string;
  siteId: string;
  name: string;
  type: string;
  versionNumber: number;
  embedToken: string;
  fileId: string | null;
  filename: string | null;
  /** The document as text, for answers (null when it has none, e.g. pdf). */
  text: string | null;
  hideDocHeader: boolean;
  hideDocFooter: boolean;
}

export type { FooterButton };
/** A video's embed settings (widget-spec §3). */
export type VideoSettings = VideoEmbedSettings;

export interface VideoRecord {
  id: string;
  siteId: string;
  name: string;
  description: string;
  embedToken: string;
  fileId: string | null;
  filename: string | null;
  thumbnailFileId: string | null;
  thumbnailFilename: string | null;
  /** WebVTT captions, shown as the video's captions track. */
  captionsFileId: string | null;
  captionsFilename: string | null;
  transcript: string;
  settings: VideoSettings;
}

export type ButtonType = 'EXTERNAL_LINK' | 'ACTION';

export interface ActionTrigger {
  id: string;
  /** A path, or a prefix ending in `*` (`/questionnaire/*`). */
  path: string;
  name: string;
  buttonType: ButtonType;
  externalUrl?: string;
  actionMessage?: string;
  position: number;
}

/** A video the agent shows visitors of a page (widget-spec §3 "source POINT_OF_PRESENCE"). */
export interface PresenceMessage {
  id: string;
  triggerEventUrl: string;
  videoId: string;
  content: string;
  showOnVisit: boolean;
  createdAt: string;
}

export interface ButtonClick {
  buttonId: string;
  chatSessionId: string | null;
  chatLogId: string | null;
  userSessionId: string;
  pageUrl: string;
  referrerUrl: string;
}

/** How many records of each kind of visitor data a delete removed. */
export interface DeletedVisitorData {
  chatSessions: number;
  messages: number;
  profiles: number;
  buttonClicks: number;
}

/** An avatar session this server started (widget-spec §7 interactive-avatar): whose it is and the token it was started with. */
export interface AvatarSessionRecord {
  siteId: string;
  token: string;
  sessionId: string;
  /** When it was started, ms since the epoch. */
  startedAt: number;
}

/**
 * A question's answer by its `clientMessageId` (issue 13: a question is delivered once): either
 * the answer it was given (or was being given, waited for), or the caller's to give; `settle` then
 * records it for a question sent again (null: nothing to reuse, the next sending is answered anew).
 */
export type AnswerClaim = { answered: object } | { answered: null; settle(answer: object | null): Promise<void> };

/**
 * What every instance of the server must see alike (issue 17): request counts, which visitor each
 * token family serves, secrets, answers by question id, the avatar sessions, and a lock. On SQLite one
 * process owns the database file, so these live in its memory (storage/sqlite/shared.ts); on
 * PostgreSQL, in tables every instance reads and writes.
 */
export interface SharedState {
  /**
   * Counts one request against `key` in a fixed window of `windowMs` that starts at the key's first
   * request: the requests counted in the window so far (this one included) and the ms left in it.
   */
  countRequest(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /**
   * True when token family `family` serves `visitor`, binding it now (until `untilMs`, epoch ms)
   * when it served no one or its binding has ended; false when it serves another visitor (issue 14).
   */
  claimTokenFamily(family: string, visitor: string, untilMs: number): Promise<boolean>;
  /**
   * The secret named `name` (`token-secret`, what tokens are signed with; `demo-api-key`): made by `make` on first
   * use, then the same for every instance and every start. `name` is a file name: letters, digits and '-'.
   */
  secret(name: string, make: () => string): Promise<string>;
  /** Runs `task` while no other caller of `exclusive` with this `name`, on any instance, runs one (seeding a site at start). */
  exclusive<T>(name: string, task: () => Promise<T>): Promise<T>;
  /**
   * The answer to question `key` if it was given in the last `ttlMs` (waiting for it while another request,
   * on any instance, is giving it); else the question is the caller's to answer, and to settle.
   */
  claimAnswer(key: string, ttlMs: number): Promise<AnswerClaim>;
  addAvatarSession(record: AvatarSessionRecord): Promise<void>;
  /** The avatar session, if it is this site's, was started with this token and is not older than the longest a session lasts. */
  findAvatarSession(siteId: string, token: string, sessionId: string): Promise<AvatarSessionRecord | null>;
  removeAvatarSession(sessionId: string): Promise<void>;
}

/**
 * The audit entry of a change, made from the site as it was and as it is once changed (read in the change's own
 * transaction, and written in it).
 */
export type SiteAudit = (before: Site | null, after: Site) => NewAuditEntry;

/** A saved version of a site's appearance (table `appearance_versions`). */
export interface AppearanceVersion {
  /** 1, 2, 3, … per site: the latest is the one served. */
  version: number;
  savedAt: string;
  /** Who saved it; null for the version a site had before versions were kept. */
  savedBy: AuditActor | null;
  /** The earlier version this one is a copy of (a restore). */
  restoredFrom: number | null;
}

/** See {@link SiteStorage.getSiteDetails}. */
export interface SiteDetails {
  apiKey: string | null;
  previousKeyValidUntil: number | null;
  appearanceVersion: number;
}

/** Sites (table `sites`, and their appearance's versions, `appearance_versions`): storage/{sqlite,postgres}/sites.ts. */
export interface SiteStorage {
  /**
   * Creates a site (its appearance becomes its version 1), with `owner` (an account's id) as its owner and its audit
   * entry when given, all in one transaction: when any part fails, nothing is written.
   */
  createSite(
    input: {
      name: string;
      apiKey: string;
      origins: string[];
      config?: Partial<SiteConfig>;
      appearance?: Record<string, unknown>;
      owner?: string;
    },
    audit?: SiteAudit,
  ): Promise<Site>;
  listSites(): Promise<Site[]>;
  getSite(id: string): Promise<Site | null>;
  /** The site whose key this is, or whose previous key it is while that key's grace lasts (by the storage's clock). */
  findSiteByApiKey(apiKey: string): Promise<Site | null>;
  /**
   * Changes a site (`appearance` is merged into the stored one), with its audit entry when given; null when there is
   * no such site. `origins` may be made from the stored ones, in the transaction (two appends at once both land); what
   * it throws rolls the change back and is thrown.
   */
  updateSite(
    id: string,
    patch: {
      name?: string;
      origins?: string[] | ((stored: readonly string[]) => string[]);
      config?: Partial<SiteConfig>;
      appearance?: Record<string, unknown>;
    },
    audit?: SiteAudit,
  ): Promise<Site | null>;
  /**
   * Publishes `fields` as the site's appearance (replacing it whole) and keeps them as its next version, with the
   * audit entry when given, all in one transaction: `CONFLICT` when `baseVersion` is not the latest (nothing written),
   * null when there is no such site.
   */
  saveAppearance(
    siteId: string,
    input: { fields: Record<string, unknown>; baseVersion: number; savedBy: AuditActor; restoredFrom?: number },
    audit?: SiteAudit,
  ): Promise<{ version: number; savedAt: string } | 'CONFLICT' | null>;
  /** A site's appearance versions, newest first (without their fields). */
  listAppearanceVersions(siteId: string): Promise<AppearanceVersion[]>;
  /** One version with its fields, or null. */
  getAppearanceVersion(siteId: string, version: number): Promise<(AppearanceVersion & { fields: Record<string, unknown> }) | null>;
  /**
   * What only the console shows of a site: its API key (null for a key made before the schema kept it), the end of
   * its previous key's grace (epoch ms; null when there is none), and its appearance's latest version; null when
   * there is no such site.
   */
  getSiteDetails(id: string): Promise<SiteDetails | null>;
  /**
   * Replaces the site's key. The old one stops working at once, or, with `previousValidUntil` (epoch ms, by the
   * storage's clock), keeps working until then (a grace between deploys: {@link findSiteByApiKey} accepts it); a
   * rotation ends any earlier key's grace. With its audit entry when given. False when there is no such site.
   */
  rotateApiKey(id: string, apiKey: string, options?: { previousValidUntil?: number; audit?: SiteAudit }): Promise<boolean>;
}

/** Visitors' chat sessions and their messages (tables `chat_sessions`, `messages`): storage/{sqlite,postgres}/chat-sessions.ts. */
export interface ChatSessionStorage {
  getChatSession(siteId: string, userSessionId: string, chatSessionId: string): Promise<ChatSessionSummary | null>;
  /**
   * Appends messages to a visitor's chat session, creating it (named `newSessionName`) when
   * `chatSessionId` is null: all in one transaction. With no messages, it only creates the session.
   */
  appendMessages(input: {
    siteId: string;
    userSessionId: string;
    chatSessionId: string | null;
    newSessionName: string;
    path: string;
    messages: NewMessage[];
  }): Promise<{ chatSession: ChatSessionSummary; messages: StoredMessage[] }>;
  listMessages(siteId: string, userSessionId: string, chatSessionId: string): Promise<StoredMessage[]>;
  listChatSessions(siteId: string, userSessionId: string): Promise<ChatSessionSummary[]>;
  renameChatSession(siteId: string, userSessionId: string, chatSessionId: string, name: string): Promise<ChatSessionSummary | null>;
}

/** Visitors' profiles (table `profiles`): storage/{sqlite,postgres}/profiles.ts. */
export interface ProfileStorage {
  /**
   * Merges `fields` into the visitor's profile, in one transaction: the whole profile, or null (nothing
   * written) when it would then hold more than `maxFields` fields.
   */
  enrichProfile(
    siteId: string,
    userSessionId: string,
    fields: Record<string, string>,
    maxFields?: number,
  ): Promise<Record<string, string> | null>;
  getProfile(siteId: string, userSessionId: string): Promise<Record<string, string> | null>;
}

/** Stored files (table `files`): storage/{sqlite,postgres}/files.ts. */
export interface FileStorage {
  addFile(siteId: string, file: { filename: string; contentType: string; bytes: Uint8Array }): Promise<string>;
  /** The whole file, bytes and all: for readers that need all of it (a document's text), never to serve it. */
  getFile(id: string): Promise<StoredFile | null>;
  /** The file's name, type and size, without reading its bytes. */
  getFileInfo(id: string): Promise<StoredFileInfo | null>;
  /**
   * `length` bytes of the file from `start` (0-based; fewer at its end), without reading the rest into the
   * process: what `/files/{id}/{name}` streams, a part at a time. null when there is no such file.
   */
  readFileRange(id: string, start: number, length: number): Promise<Buffer | null>;
}

/** Smart documents and their footer buttons (tables `documents`, `footer_buttons`): storage/{sqlite,postgres}/documents.ts. */
export interface DocumentStorage {
  addDocument(input: {
    siteId: string;
    name: string;
    type: string;
    versionNumber?: number;
    fileId: string | null;
    text: string | null;
    /**
     * The version of the readers that made `text` (server/documents.ts TEXT_READER_VERSION). A document with a
     * file whose text is of an older version is read again at start. @default 0 (read again)
     */
    textReader?: number;
    embedToken?: string;
    hideDocHeader?: boolean;
    hideDocFooter?: boolean;
  }): Promise<DocumentRecord>;
  listDocuments(siteId: string): Promise<DocumentRecord[]>;
  /** Every site's documents that have a file and whose text was made by readers older than `textReader`, oldest first. */
  documentsToReread(textReader: number): Promise<DocumentRecord[]>;
  /**
   * Sets a document's text and the version of the readers that made it, in one write, unless a reader of this
   * version or a newer one got there first (another instance); true when it was set.
   */
  setDocumentText(id: string, text: string | null, textReader: number): Promise<boolean>;
  findDocumentByToken(embedToken: string): Promise<DocumentRecord | null>;
  addFooterButton(documentId: string, button: Omit<FooterButton, 'id'>): Promise<FooterButton>;
  listFooterButtons(documentId: string): Promise<FooterButton[]>;
  /** The site's document `id`, or null (another site's included). */
  getDocument(siteId: string, id: string): Promise<DocumentRecord | null>;
  /**
   * Stores `file` and a document of it, with the audit entry when given, in one transaction: both, or neither (never
   * half an upload).
   */
  addDocumentWithFile(
    file: NewFile,
    input: Omit<Parameters<DocumentStorage['addDocument']>[0], 'fileId'>,
    audit?: (after: DocumentRecord) => NewAuditEntry,
  ): Promise<DocumentRecord>;
  /** Changes the site's document's fields, with the audit entry when given, in one transaction; null when it has no such document. */
  updateDocument(
    siteId: string,
    id: string,
    patch: DocumentPatch,
    audit?: (before: DocumentRecord, after: DocumentRecord) => NewAuditEntry,
  ): Promise<DocumentRecord | null>;
  /**
   * A new version of the site's document: stores `file` and makes it the document's, with its type and text and the
   * version number one up (its embed token stays), with the audit entry when given, in one transaction; null when it has no
   * such document (nothing stored).
   */
  addDocumentVersion(
    siteId: string,
    id: string,
    file: NewFile,
    content: { type: string; text: string | null; textReader: number },
    audit?: (before: DocumentRecord, after: DocumentRecord) => NewAuditEntry,
  ): Promise<DocumentRecord | null>;
  /**
   * Makes `buttons`, in this order, the footer buttons of the site's document (a button given with the id of one of its
   * buttons keeps that id; the others are removed), with the audit entry when given, in one transaction; null when it has
   * no such document.
   */
  setFooterButtons(
    siteId: string,
    documentId: string,
    buttons: readonly (Omit<FooterButton, 'id'> & { id?: string })[],
    audit?: (before: FooterButton[], after: FooterButton[]) => NewAuditEntry,
  ): Promise<FooterButton[] | null>;
}

/** A file to store (table `files`). */
export interface NewFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** What of a document the console changes (docs/console.md "Documents"). */
export interface DocumentPatch {
  name?: string;
  versionNumber?: number;
  hideDocHeader?: boolean;
  hideDocFooter?: boolean;
}

/** A file to store with the row that points at it (in the same transaction). */
export interface NewFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A video's three files (widget-spec §3 "Video response": `videoUrl`, `thumbnailUrl`; and its captions). */
export type VideoFileKind = 'video' | 'poster' | 'captions';

/** What the console and the CLI change of a video (each field optional). */
export interface VideoPatch {
  name?: string;
  description?: string;
  transcript?: string;
  settings?: VideoSettings;
}

/** Videos (table `videos`): storage/{sqlite,postgres}/videos.ts. */
export interface VideoStorage {
  /**
   * Adds a video, with the files given (stored in the same transaction, so a video is never left pointing at half
   * its files) and its audit entry when given.
   */
  addVideo(
    input: Omit<
      VideoRecord,
      'id' | 'embedToken' | 'filename' | 'thumbnailFilename' | 'captionsFileId' | 'captionsFilename' | 'settings'
    > & {
      embedToken?: string;
      settings?: Partial<VideoSettings>;
      captionsFileId?: string | null;
    },
    options?: { files?: Partial<Record<VideoFileKind, NewFile>>; audit?: (after: VideoRecord) => NewAuditEntry },
  ): Promise<VideoRecord>;
  getVideo(id: string): Promise<VideoRecord | null>;
  findVideoByToken(embedToken: string): Promise<VideoRecord | null>;
  listVideos(siteId: string): Promise<VideoRecord[]>;
  /** Changes the site's video `id`, with its audit entry when given, in one transaction; null when the site has no such video. */
  updateVideo(
    siteId: string,
    id: string,
    patch: VideoPatch,
    audit?: (before: VideoRecord, after: VideoRecord) => NewAuditEntry,
  ): Promise<VideoRecord | null>;
  /**
   * Deletes the site's video `id` with its files and the presence videos that show it, with its audit entry when
   * given, in one transaction; null when the site has no such video.
   */
  deleteVideo(siteId: string, id: string, audit?: (before: VideoRecord) => NewAuditEntry): Promise<VideoRecord | null>;
  /**
   * Stores `file` as the site's video's `kind` file and points the video at it, dropping the file it replaces, with its
   * audit entry when given: all in one transaction (nothing is stored when any part fails); null when the site has no
   * such video.
   */
  setVideoFile(
    siteId: string,
    id: string,
    kind: VideoFileKind,
    file: NewFile,
    audit?: (before: VideoRecord, after: VideoRecord) => NewAuditEntry,
  ): Promise<VideoRecord | null>;
}

/** An action button's own fields (what is added and edited). */
export type ActionTriggerFields = Omit<ActionTrigger, 'id' | 'position'>;

/**
 * Action buttons and presence videos by path (tables `action_triggers`, `presence_messages`): storage/{sqlite,postgres}/triggers.ts.
 * Each change writes its audit entry, when given, in its own transaction.
 */
export interface TriggerStorage {
  addActionTrigger(
    siteId: string,
    trigger: ActionTriggerFields & { position?: number },
    audit?: (after: ActionTrigger) => NewAuditEntry,
  ): Promise<ActionTrigger>;
  actionTriggersForPath(siteId: string, path: string): Promise<ActionTrigger[]>;
  /** Every action button of the site, in their order (position, then name). */
  listActionTriggers(siteId: string): Promise<ActionTrigger[]>;
  /** Replaces the fields of the site's button `id` (its position stays); null when the site has no such button. */
  updateActionTrigger(
    siteId: string,
    id: string,
    trigger: ActionTriggerFields,
    audit?: (before: ActionTrigger, after: ActionTrigger) => NewAuditEntry,
  ): Promise<ActionTrigger | null>;
  /** Deletes the site's button `id`; null when the site has no such button. */
  deleteActionTrigger(siteId: string, id: string, audit?: (before: ActionTrigger) => NewAuditEntry): Promise<ActionTrigger | null>;
  /**
   * Puts the buttons of one path (`path` exactly as stored) in the order of `ids`, which must name each of them once:
   * they take the positions they held, so other paths' buttons keep theirs. 'CONFLICT' (nothing written) when `ids`
   * are not exactly that path's buttons (one added or removed meanwhile). The path's buttons, in their new order.
   */
  reorderActionTriggers(
    siteId: string,
    path: string,
    ids: readonly string[],
    audit?: (before: ActionTrigger[], after: ActionTrigger[]) => NewAuditEntry,
  ): Promise<ActionTrigger[] | 'CONFLICT'>;
  addPresenceMessage(
    siteId: string,
    message: Omit<PresenceMessage, 'id' | 'createdAt'>,
    audit?: (after: PresenceMessage) => NewAuditEntry,
  ): Promise<PresenceMessage>;
  presenceMessagesForPath(siteId: string, path: string): Promise<PresenceMessage[]>;
  /** Every presence video of the site (shown on visit or not), oldest first. */
  listPresenceMessages(siteId: string): Promise<PresenceMessage[]>;
  /** Deletes the site's presence video `id`; null when the site has no such one. */
  deletePresenceMessage(siteId: string, id: string, audit?: (before: PresenceMessage) => NewAuditEntry): Promise<PresenceMessage | null>;
}

/** Analytics (table `button_clicks`): storage/{sqlite,postgres}/analytics.ts. */
export interface AnalyticsStorage {
  recordButtonClick(siteId: string, click: ButtonClick): Promise<void>;
  countButtonClicks(siteId: string): Promise<number>;
}

/**
 * Privacy: deleting visitors' data from every table that holds it (chat sessions, their messages, profiles,
 * button clicks): storage/{sqlite,postgres}/retention.ts. A table added with a visitor's data belongs here too.
 */
export interface RetentionStorage {
  /**
   * Deletes everything stored about one visitor of one site, in one transaction, with the audit entry made from what
   * was deleted when given (written in it).
   */
  deleteVisitorData(
    siteId: string,
    userSessionId: string,
    audit?: (deleted: DeletedVisitorData) => NewAuditEntry,
  ): Promise<DeletedVisitorData>;
  /**
   * Deletes, in one transaction, visitor data not touched since `cutoffMs` (epoch ms): chat sessions
   * (with their messages) whose last message is older, profiles last enriched before it whose visitor
   * has no chat session left on that site, and button clicks recorded before it.
   */
  purgeOlderThan(cutoffMs: number): Promise<DeletedVisitorData>;
}

/**
 * Who made a change (docs/console.md "One model: operations"): an account signed in to the console, or the admin
 * CLI on the server's machine.
 */
export type AuditActor = { kind: 'account'; accountId: string; email: string } | { kind: 'cli' };

/** A change to record in the audit log: the site it concerns (null for none), who, what, and the values before and after. */
export interface NewAuditEntry {
  siteId: string | null;
  actor: AuditActor;
  /** What was done, as a code: `site.create`, `site.origins`, `site.key.rotate`, `appearance.save`, … */
  action: string;
  /** The changed values before the change (null when there were none, e.g. a new site). Plain JSON. */
  before: unknown;
  /** The changed values after it. Plain JSON; a secret (a key) is recorded by its prefix only. */
  after: unknown;
}

/** A recorded change. */
export interface AuditEntry extends NewAuditEntry {
  /** Increasing: a later entry has a greater id. */
  id: number;
  /** When, ISO 8601. */
  at: string;
}

/** The audit log (table `audit_log`): storage/{sqlite,postgres}/audit.ts. Append-only. */
export interface AuditStorage {
  /** Records one change by itself (a change that writes other rows records its entry in the same transaction instead). */
  appendAudit(entry: NewAuditEntry): Promise<AuditEntry>;
  /**
   * A site's entries (every site's and those of none when `siteId` is null), newest first: at most `limit`, with an
   * id below `before` when given (the next page).
   */
  listAudit(siteId: string | null, page: { before?: number; limit: number }): Promise<AuditEntry[]>;
}

/** A person's role on a site (docs/console.md "People, roles and what each may do"). */
export type SiteRole = 'owner' | 'editor' | 'viewer' | 'adviser';

/** An operator console account: an email (unique whatever its case) and a password hash. */
export interface Account {
  id: string;
  /** As it was first given; compared without regard to case. */
  email: string;
  createdAt: string;
  updatedAt: string;
}

/** An account with its password hash (server/console/passwords.ts: scrypt, its salt and parameters inside). */
export interface AccountWithHash extends Account {
  passwordHash: string;
}

/** An account's role on a site. */
export interface SiteMember {
  siteId: string;
  accountId: string;
  email: string;
  role: SiteRole;
}

/** An invitation not yet used: a first owner's (no site, no role) or a site member's. */
export interface InviteRecord {
  email: string;
  siteId: string | null;
  role: SiteRole | null;
  /** The account that invited, or null from the command line. */
  createdBy: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

/** A pending invitation in its site's list, with the id the console withdraws it by. */
export interface ListedInvite extends InviteRecord {
  id: string;
}

/** A console session that is still alive, with its account. */
export interface ConsoleSessionRecord {
  accountId: string;
  email: string;
  /** The session's CSRF token, sent back in X-CSRF-Token on every state-changing call. */
  csrfToken: string;
  /** Epoch ms. */
  createdAt: number;
  /** Epoch ms; written again at most once a minute ({@link ConsoleSessionLimits.touchAfterMs}). */
  lastSeenAt: number;
  /** Epoch ms: when the password was last confirmed in it (sign-in or re-authentication). */
  authAt: number;
  /** The browser's User-Agent at sign-in (at most 200 characters), when it sent one. */
  userAgent: string | null;
}

/** One of an account's sessions as its list shows it: `handle` names it without being its id or the id's stored hash. */
export interface ListedConsoleSession extends Omit<ConsoleSessionRecord, 'email' | 'csrfToken'> {
  handle: string;
}

/** How long console sessions live. */
export interface ConsoleSessionLimits {
  /** Ended after this long without a request. */
  idleMs: number;
  /** Ended this long after sign-in, however busy. */
  absoluteMs: number;
  /** `last_seen_at` is written again only when it is older than this (one write a minute, not one a request). */
  touchAfterMs: number;
}

/** What changing a member did: their role before, or why nothing changed. */
export type MemberChange = { before: SiteRole } | 'NOT_FOUND' | 'LAST_OWNER';

/**
 * The operator console's accounts, site members and invitations (tables `accounts`, `site_members`, `invites`):
 * storage/{sqlite,postgres}/accounts.ts. Tokens are given and looked up as they are; the storage keeps only their hash.
 */
export interface AccountStorage {
  /** The account whose email is `email` whatever its case, with its hash. */
  findAccountByEmail(email: string): Promise<AccountWithHash | null>;
  getAccount(id: string): Promise<AccountWithHash | null>;
  /** Replaces the account's password hash by `to` if it is still `from` (the same password hashed again with new parameters; sessions stay). */
  rehashPassword(accountId: string, from: string, to: string): Promise<void>;
  /** The sites the account has a role on. */
  siteRoles(accountId: string): Promise<{ siteId: string; role: SiteRole }[]>;
  siteRole(accountId: string, siteId: string): Promise<SiteRole | null>;
  /** A site's members, by email. */
  listMembers(siteId: string): Promise<SiteMember[]>;
  /** Gives the account a role on the site (replacing the one it had). */
  addMember(siteId: string, accountId: string, role: SiteRole): Promise<void>;
  /**
   * Changes a member's role, or (`role` null) removes them, in one transaction that refuses to leave the site
   * without an owner, and writes the change's audit entry (made from the role before) in it when given. The site's
   * invitations the member made, not yet used, end with it unless the member stays an owner; the site's preview keys
   * the member made are deleted with it unless the member stays an editor or owner.
   */
  changeMember(
    siteId: string,
    accountId: string,
    role: SiteRole | null,
    audit?: (before: SiteRole) => NewAuditEntry,
  ): Promise<MemberChange>;
  /** Records an invitation valid until `expiresAt` (epoch ms), with its audit entry when given, in one transaction. */
  createInvite(input: InviteRecord & { token: string }, audit?: NewAuditEntry): Promise<void>;
  /** The invitation, if it is neither used nor expired. */
  findInvite(token: string): Promise<InviteRecord | null>;
  /** The site's invitations neither used nor expired, newest first. */
  listInvites(siteId: string): Promise<ListedInvite[]>;
  /**
   * Withdraws (deletes) the site's pending invitation `inviteId`, with the audit entry made from it when given, in
   * one transaction; null when the site has no such invitation pending (another site's included).
   */
  withdrawInvite(siteId: string, inviteId: string, audit?: (invite: ListedInvite) => NewAuditEntry): Promise<ListedInvite | null>;
  /**
   * Uses the invitation, in one transaction: marks it used (null when it was used, expired or unknown), creates
   * its email's account with `passwordHash` when there is none, or else, for a first owner's invitation (no site)
   * only, sets the account's password to it (ending its sessions) unless it is null, and gives the account the
   * invitation's role on its site (an account that already has a role there keeps it), with the audit entry made
   * from what was done when given. With a null `passwordHash` and no account, nothing is done (null). A site's
   * invitation with a `passwordHash` for an email that has an account (made meanwhile, by another invitation
   * accepted at once) does nothing and answers 'ACCOUNT_EXISTS': a site's invitation never sets a password.
   */
  acceptInvite(
    token: string,
    passwordHash: string | null,
    audit?: (accepted: { account: Account; invite: InviteRecord }) => NewAuditEntry,
  ): Promise<{ account: Account; invite: InviteRecord } | 'ACCOUNT_EXISTS' | null>;
}

/**
 * Console sessions and the sign-in throttle's counts (tables `console_sessions`, `sign_in_failures`):
 * storage/{sqlite,postgres}/console-sessions.ts. Session ids are given as they are; the storage keeps their hash.
 * Times come from the storage's clock.
 */
export interface ConsoleSessionStorage {
  /**
   * Starts a session for the account if its password hash is still `passwordHash` (the one its password was checked
   * against), and then ends `replaces` (the session the browser had before: no fixation) and every expired session,
   * in one transaction; false, with nothing done, when the password changed since its check (a sign-in with the old
   * password that raced a password change makes no session). On PostgreSQL the account's row is locked for the
   * check, so a password change made at once either waits for the session and ends it, or makes the check fail.
   */
  startConsoleSession(input: {
    id: string;
    accountId: string;
    csrfToken: string;
    passwordHash: string;
    replaces?: string;
    limits: ConsoleSessionLimits;
    /** The browser's User-Agent (truncated to 200 characters). */
    userAgent?: string;
  }): Promise<boolean>;
  /** The session if it is alive (seen now), else null (an expired one is deleted). */
  consoleSession(id: string, limits: ConsoleSessionLimits): Promise<ConsoleSessionRecord | null>;
  endConsoleSession(id: string): Promise<void>;
  /** The account's live sessions, newest first. */
  listConsoleSessions(accountId: string, limits: ConsoleSessionLimits): Promise<ListedConsoleSession[]>;
  /** Ends the account's session named by `handle` ({@link ListedConsoleSession.handle}); false when it has none such. */
  endConsoleSessionByHandle(accountId: string, handle: string): Promise<boolean>;
  /** Ends every session of the account but `keep` (a session id); how many ended. */
  endOtherConsoleSessions(accountId: string, keep: string): Promise<number>;
  /** Records that the session's password was confirmed now. */
  reauthConsoleSession(id: string): Promise<void>;
  /** Sets the account's password hash and ends every session of it but `keep`, in one transaction. */
  changeConsolePassword(accountId: string, passwordHash: string, keep: string): Promise<void>;
  /**
   * Counts an attempt against each key (an account's email, an address, the pair), in one step per key that adds
   * it and reads the count (attempts made at once each see those before them): for each key, the attempts counted
   * before this one in the window that started at its first (a key whose window has ended starts a new one), and
   * when the last failure was (epoch ms; the window's start when none failed yet).
   */
  countSignInAttempt(keys: string[], windowMs: number): Promise<Map<string, { failures: number; lastAt: number }>>;
  /** Takes back an attempt counted by {@link countSignInAttempt} (one that was throttled, or that succeeded). */
  undoSignInAttempt(keys: string[]): Promise<void>;
  /** Notes that a counted attempt failed now: the next attempt's wait starts from now. */
  markSignInFailure(keys: string[]): Promise<void>;
  clearSignInFailures(key: string): Promise<void>;
}

/** An origin the server refused for a site (table `refused_origins`). */
export interface RefusedOrigin {
  origin: string;
  /** How many times it was noted (at most once a minute per server instance). */
  count: number;
  /** ISO 8601. */
  lastSeenAt: string;
}

/**
 * The origins the server refused lately, per site (table `refused_origins`): storage/{sqlite,postgres}/refused-origins.ts.
 * Every instance writes and reads the same rows, so the console shows what any of them refused.
 */
export interface RefusedOriginStorage {
  /** Notes a refusal of `origin` for the site, at `at` (ISO 8601); a site keeps only its `keep` latest origins. */
  noteRefusedOrigin(siteId: string, origin: string, at: string, keep: number): Promise<void>;
  /** The site's refused origins, the latest first. */
  listRefusedOrigins(siteId: string): Promise<RefusedOrigin[]>;
  /** Forgets those of the site's refused origins that are now allowed. */
  forgetRefusedOrigins(siteId: string, origins: readonly string[]): Promise<void>;
}

/**
 * The short-lived keys of the console's appearance preview (table `preview_keys`, stored hashed):
 * storage/{sqlite,postgres}/preview-keys.ts.
 */
export interface PreviewKeyStorage {
  /**
   * Keeps a preview key of the site until `expiresAt` (epoch ms), made by the account `createdBy` (null from the
   * command line), and forgets the keys that have ended. A member's keys are deleted by {@link AccountStorage.changeMember}
   * when they are removed or their role drops below editor.
   */
  addPreviewKey(siteId: string, key: string, expiresAt: number, createdBy: string | null): Promise<void>;
  /** The site of a preview key that has not ended (by the storage's clock), or null. */
  findPreviewKey(key: string): Promise<string | null>;
}

/** One question as the analytics count it (table `answer_metrics`, schema version 14; docs/console.md "Analytics"). */
export interface AnswerMetrics {
  /** The question's message (the row goes with it). */
  questionId: string;
  siteId: string;
  chatSessionId: string;
  /** When it was asked, ISO 8601 (the question's `createdAt`). */
  askedAt: string;
  /** The question normalised for counting alike ones together (server/operations/analytics.ts `normaliseQuestion`). */
  question: string;
  /** The site's document or video it was asked about from the Ask-question modal, or null. */
  aboutId: string | null;
  /** Ms from the request's arrival to the answer's first word written; null when none was. */
  firstWordMs: number | null;
  /** Ms from the request's arrival to the answer's end; null for an answer that failed or was cut off. */
  wholeAnswerMs: number | null;
}

/** A stretch `[start, end)` of a report's range (ISO 8601, UTC) over which its time zone's offset is one. */
export interface OffsetSpan {
  start: string;
  end: string;
  /** Minutes to add to UTC for the local time (120 for UTC+2). */
  offsetMinutes: number;
}

/** What an analytics report covers: `[start, end)` cut into spans of one offset (in order, end to end), and list sizes. */
export interface AnalyticsQuery {
  start: string;
  end: string;
  spans: OffsetSpan[];
  /** How many top questions. */
  top: number;
  /** How many rows of clicks by button and by page. */
  listLimit: number;
}

/** A percentile pair over `count` values; null when there are none (unrounded). */
export interface Percentiles {
  count: number;
  p50: number | null;
  p95: number | null;
}

/** The figures the database counts for a report (server/operations/analytics.ts makes the answer from them). */
export interface AnalyticsFigures {
  /** The local days that have something, with their counts (others are zero). */
  days: { date: string; conversations: number; questions: number; messages: number }[];
  topQuestions: { question: string; count: number }[];
  unanswered: { questions: number; failed: number; incomplete: number; nothingFound: number };
  clicks: {
    total: number;
    byButton: { buttonId: string; name: string | null; count: number }[];
    byPage: { page: string; count: number }[];
  };
  /** Every document (then every video) the site has, by name. */
  content: { kind: 'document' | 'video'; id: string; name: string; opened: number; askedQuestions: number; askedConversations: number }[];
  latency: { firstWord: Percentiles; wholeAnswer: Percentiles };
}

/**
 * The analytics' records and reports (tables `answer_metrics`, `embed_opens`, read with `chat_sessions`,
 * `messages`, `button_clicks`, `documents`, `videos`, `action_triggers`): storage/{sqlite,postgres}/analytics-report.ts.
 */
export interface AnalyticsReportStorage {
  recordAnswerMetrics(metrics: AnswerMetrics): Promise<void>;
  /** Notes a successful smart-doc or video boot, at `at` (ISO 8601). @default now */
  recordEmbedOpen(siteId: string, kind: 'document' | 'video', itemId: string, at?: string): Promise<void>;
  /** The figures of the site over the query's range, each counted by the database. */
  analyticsFigures(siteId: string, query: AnalyticsQuery): Promise<AnalyticsFigures>;
}

/** A state of the inbox's filter: a conversation with at least one answer in it. */
export type InboxState = 'failed' | 'incomplete' | 'nothing-found';

/** The inbox's filters, combined with AND (docs/console.md "The conversations inbox"). */
export interface InboxFilter {
  /** Last activity at or after (ISO 8601). */
  from?: string;
  /** Last activity at or before (ISO 8601). */
  to?: string;
  /** The path the conversation started on: exactly, or starting with a prefix. */
  path?: { exact: string } | { prefix: string };
  /** At least one answer in any of these states. */
  states?: InboxState[];
  /** A message holds every word (folded: case and diacritics), the last as a prefix. 1 to 8 words of letters and digits. */
  words?: string[];
}

/**
 * A conversation (a chat session) as the inbox lists it: the contract's conversation (contract/inbox.ts), without the
 * search's match, which the operations add.
 */
export type InboxConversation = Omit<Conversation, 'match'>;

/**
 * A message as the inbox shows it: the fields it shares with the contract's transcript message (contract/inbox.ts),
 * with its conversation, its place in it, and the stored details the transcript's context and buttons are made from.
 */
export interface InboxMessage
  extends Pick<TranscriptMessage, 'id' | 'content' | 'at' | 'failed' | 'incomplete' | 'nothingFound' | 'voice'> {
  chatSessionId: string;
  /** Its place in the conversation: 0, 1, 2, … */
  seq: number;
  role: Role;
  type: MessageType;
  details: MessageDetails | null;
}

/** A button click as the inbox shows it (table `button_clicks`). */
export interface InboxClick {
  buttonId: string;
  chatSessionId: string | null;
  at: string;
  pageUrl: string;
  referrerUrl: string;
}

/** The conversations inbox's reads (tables `chat_sessions`, `messages` and its search index, `button_clicks`): storage/{sqlite,postgres}/inbox.ts. */
export interface InboxStorage {
  /** The site's conversations that pass `filter`, newest first (last activity, then id, descending): at most `limit`, after `after`. */
  listConversations(
    siteId: string,
    filter: InboxFilter,
    page: { after?: { lastActivityAt: string; id: string }; limit: number },
  ): Promise<InboxConversation[]>;
  /** The site's conversation, or null (another site's included). */
  getConversation(siteId: string, chatSessionId: string): Promise<InboxConversation | null>;
  /** One visitor's conversations on the site, oldest first. */
  listVisitorConversations(siteId: string, visitorId: string): Promise<InboxConversation[]>;
  /** The site's conversation's messages in order: at most `limit`, after place `afterSeq` when given. */
  listConversationMessages(siteId: string, chatSessionId: string, page: { afterSeq?: number; limit: number }): Promise<InboxMessage[]>;
  /** For each of the site's conversations named, its newest message that holds `words` (as {@link InboxFilter.words}). */
  latestMatches(siteId: string, chatSessionIds: readonly string[], words: readonly string[]): Promise<InboxMessage[]>;
  /** The clicks reported in the site's conversation, in time order. */
  listConversationClicks(siteId: string, chatSessionId: string): Promise<InboxClick[]>;
  /** Every click of one visitor on the site, in time order. */
  listVisitorClicks(siteId: string, visitorId: string): Promise<InboxClick[]>;
}

/** An advice file as stored (docs/advice-records.md): its summary, its site and the number of its last entry. */
export interface StoredAdviceFile extends AdviceFileSummary {
  siteId: string;
  /** The number of the file's last entry: an append decided from it is written only while it is still the last. */
  lastSeq: number;
  /** Sampling queued it for review when it was made. */
  sampled: boolean;
}

/** An entry to append: what it says and who wrote it (its number and time are the storage's). */
export interface NewAdviceEntry {
  data: AdviceEntryData;
  by: EntryAuthor;
}

/** A resume code's or partner token's link, by the hash of its secret. */
export interface NewAdviceLink {
  tokenHash: string;
  kind: 'resume' | 'partner';
  /** The statement a partner link is for; null for a resume link. */
  statementId: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

/** What a link gives once redeemed or found: its file (and site) and, for a partner's, the statement. */
export interface AdviceLinkTarget {
  fileId: string;
  siteId: string;
  statementId: string | null;
}

/**
 * Entries appended to a file in one transaction, with what goes with them: written only while the file's last entry is
 * still `lastSeq` (the caller decided from the file as it was then), the file's status and time updated with them.
 */
export interface AdviceAppend {
  lastSeq: number;
  /** When, ISO 8601: every entry's `at` and the file's `updated_at`. */
  at: string;
  entries: NewAdviceEntry[];
  /** The file's status once they are written (contract/advice.ts AdviceFileStatus). */
  status: AdviceFileStatus;
  /** The partner's name from the answers (a couple's), or null; unchanged when absent. */
  partnerName?: string | null;
  /** A statement of advice stored with its entry. */
  statement?: { id: string; sha256: string; pdf: Uint8Array };
  /** A link issued with its entry. */
  link?: NewAdviceLink;
  /** A bearer token that writes to the file from now on (its hash). */
  tokenHash?: string;
  /** A link used by this append (the partner's acceptance): nothing is written unless it is unused and unexpired at `nowMs`. */
  useLink?: { tokenHash: string; kind: 'resume' | 'partner'; nowMs: number };
  /** A review signed off: the file's latest outcome, out of the review queue. */
  review?: ReviewOutcome;
  /** The audit entry written in the same transaction. */
  audit?: NewAuditEntry;
}

/** The console's list of a site's advice files: newest (latest entry) first, after the cursor, filtered. */
export interface AdviceListQuery {
  status?: AdviceFileStatus;
  /** Lower-case text the client's or partner's name or the client's email contains. */
  q?: string;
  /** Only files in the review queue. */
  reviewQueue?: boolean;
  /** The last file of the previous page. */
  after?: { updatedAt: string; id: string };
  limit: number;
}

/** Advice files (docs/advice-records.md): storage/{sqlite,postgres}/advice.ts. Entries are append-only. */
export interface AdviceStorage {
  /** Creates a file with its first entry (the consent) and the hash of its first token, in one transaction. */
  createAdviceFile(input: {
    id: string;
    siteId: string;
    at: string;
    tokenHash: string;
    clientName: string;
    clientEmail: string | null;
    sampled: boolean;
    consent: NewAdviceEntry;
  }): Promise<StoredAdviceFile>;
  /** The file of the site whose token hashes to `tokenHash`, or null (an unknown token, or another file's or site's). */
  adviceFileByToken(siteId: string, fileId: string, tokenHash: string): Promise<StoredAdviceFile | null>;
  /** A site's file, or null. */
  getAdviceFile(siteId: string, fileId: string): Promise<StoredAdviceFile | null>;
  /** A file's entries in order, of these kinds only when given. */
  adviceEntries(fileId: string, kinds?: readonly AdviceEntryKind[]): Promise<AdviceEntry[]>;
  /** A file's latest entry of `kind`, or null. */
  latestAdviceEntry<K extends AdviceEntryKind>(fileId: string, kind: K): Promise<Extract<AdviceEntry, { kind: K }> | null>;
  /**
   * Appends entries (numbered from the last one + 1) and what goes with them, in one transaction that holds the file
   * (two instances appending at once take turns): the entries as written, or null when the file's last entry is no
   * longer `append.lastSeq` (or the file is gone, or `useLink` is not usable): nothing is then written.
   */
  appendAdviceEntries(fileId: string, append: AdviceAppend): Promise<AdviceEntry[] | null>;
  /** A page of a site's files. */
  listAdviceFiles(siteId: string, query: AdviceListQuery): Promise<StoredAdviceFile[]>;
  /** A statement's PDF and SHA-256, when it is the file's. */
  getAdviceStatement(fileId: string, statementId: string): Promise<{ sha256: string; pdf: Uint8Array; createdAt: string } | null>;
  /**
   * Uses a link of the site once, atomically (unused and unexpired at `nowMs`), adding `newTokenHash` as a token of its
   * file in the same transaction when given: its file, or null when it is unknown, used, expired or another site's.
   */
  redeemAdviceLink(
    siteId: string,
    tokenHash: string,
    kind: 'resume' | 'partner',
    nowMs: number,
    newTokenHash?: string,
  ): Promise<AdviceLinkTarget | null>;
  /** A usable link of the site (unused, unexpired at `nowMs`) without using it, or null. */
  findAdviceLink(siteId: string, tokenHash: string, kind: 'resume' | 'partner', nowMs: number): Promise<AdviceLinkTarget | null>;
  /** A site's advice settings (the defaults until changed). */
  adviceSettings(siteId: string): Promise<AdviceSettings>;
  /** Sets a site's advice settings, with the audit entry made from the settings before (written in the same transaction): those before. */
  putAdviceSettings(siteId: string, settings: AdviceSettings, audit?: (before: AdviceSettings) => NewAuditEntry): Promise<AdviceSettings>;
  /** The engine and assumptions versions of a site's result entries, by the time each pair was first used. */
  adviceVersions(siteId: string): Promise<AdviceVersionUse[]>;
  /**
   * Deletes, whole (entries, statements, links, tokens), every file whose latest entry is older than its site's
   * retention (whole years before `nowMs`): how many.
   */
  purgeExpiredAdviceFiles(nowMs: number): Promise<number>;
}

/** The storage's data, table group by table group (each group is one module in each dialect's folder). */
export interface DataStorage
  extends SiteStorage,
    ChatSessionStorage,
    ProfileStorage,
    FileStorage,
    DocumentStorage,
    VideoStorage,
    TriggerStorage,
    AnalyticsStorage,
    RetentionStorage,
    AuditStorage,
    AccountStorage,
    ConsoleSessionStorage,
    RefusedOriginStorage,
    PreviewKeyStorage,
    AnalyticsReportStorage,
    InboxStorage,
    AdviceStorage {}

/**
 * The server's storage: its data (every method async: SQLite answers at once, PostgreSQL over the network) and
 * its {@link SharedState} (storage/{sqlite,postgres}/shared.ts).
 */
export interface Storage extends DataStorage, SharedState {
  /** Closes the database (and, on PostgreSQL, its pool and listener). */
  close(): Promise<void>;
}
