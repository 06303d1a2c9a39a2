/**
 * The server's one storage interface (docs/architecture.md "The server"): sites,
 * visitors' sessions and messages, documents and videos, and analytics. The
 * SQLite implementation is `sqlite.ts`, with each table group's methods in
 * `sqlite/`; a PostgreSQL one can implement the same interface for deployments
 * that run several server instances.
 *
 * Every method that writes more than one row does so atomically.
 */
import type { FooterButton, VideoEmbedSettings } from '../../contract/embeds';

/** widget-spec §3 Config. */
export interface SiteConfig {
  agentPageAwareness: boolean;
  /** The avatar the widget's voice mode streams; empty disables voice mode. */
  interactiveAvatarId: string;
  referenceWebpage: string;
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
  createdAt: string;
}

export interface StoredFile {
  id: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  size: number;
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

export interface Storage {
  /** Closes the database. */
  close(): void;

  // Sites
  createSite(input: { name: string; apiKey: string; origins: string[]; config?: Partial<SiteConfig>; appearance?: Record<string, unknown> }): Site;
  listSites(): Site[];
  getSite(id: string): Site | null;
  findSiteByApiKey(apiKey: string): Site | null;
  updateSite(id: string, patch: { name?: string; origins?: string[]; config?: Partial<SiteConfig>; appearance?: Record<string, unknown> }): Site | null;
  /** Replaces the site's key; the old one stops working at once. */
  rotateApiKey(id: string, apiKey: string): boolean;

  // Chat
  getChatSession(siteId: string, userSessionId: string, chatSessionId: string): ChatSessionSummary | null;
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
  }): { chatSession: ChatSessionSummary; messages: StoredMessage[] };
  listMessages(siteId: string, userSessionId: string, chatSessionId: string): StoredMessage[];
  listChatSessions(siteId: string, userSessionId: string): ChatSessionSummary[];
  renameChatSession(siteId: string, userSessionId: string, chatSessionId: string, name: string): ChatSessionSummary | null;

  // Visitors
  enrichProfile(siteId: string, userSessionId: string, fields: Record<string, string>): Record<string, string>;
  getProfile(siteId: string, userSessionId: string): Record<string, string> | null;

  // Files, documents, videos
  addFile(siteId: string, file: { filename: string; contentType: string; bytes: Uint8Array }): string;
  getFile(id: string): StoredFile | null;
  addDocument(input: {
    siteId: string;
    name: string;
    type: string;
    versionNumber?: number;
    fileId: string | null;
    text: string | null;
    embedToken?: string;
    hideDocHeader?: boolean;
    hideDocFooter?: boolean;
  }): DocumentRecord;
  listDocuments(siteId: string): DocumentRecord[];
  findDocumentByToken(embedToken: string): DocumentRecord | null;
  addFooterButton(documentId: string, button: Omit<FooterButton, 'id'>): FooterButton;
  listFooterButtons(documentId: string): FooterButton[];
  addVideo(
    input: Omit<VideoRecord, 'id' | 'embedToken' | 'filename' | 'thumbnailFilename' | 'captionsFileId' | 'captionsFilename' | 'settings'> & {
      embedToken?: string;
      settings?: Partial<VideoSettings>;
      captionsFileId?: string | null;
    },
  ): VideoRecord;
  getVideo(id: string): VideoRecord | null;
  findVideoByToken(embedToken: string): VideoRecord | null;
  listVideos(siteId: string): VideoRecord[];

  // Buttons and presence videos
  addActionTrigger(siteId: string, trigger: Omit<ActionTrigger, 'id' | 'position'> & { position?: number }): ActionTrigger;
  actionTriggersForPath(siteId: string, path: string): ActionTrigger[];
  addPresenceMessage(siteId: string, message: Omit<PresenceMessage, 'id' | 'createdAt'>): PresenceMessage;
  presenceMessagesForPath(siteId: string, path: string): PresenceMessage[];

  // Analytics
  recordButtonClick(siteId: string, click: ButtonClick): void;
  countButtonClicks(siteId: string): number;

  // Privacy: every table that holds a visitor's data is covered here (chat sessions, their messages, profiles, button clicks)
  /** Deletes everything stored about one visitor of one site, in one transaction. */
  deleteVisitorData(siteId: string, userSessionId: string): DeletedVisitorData;
  /**
   * Deletes, in one transaction, visitor data not touched since `cutoffMs` (epoch ms): chat sessions
   * (with their messages) whose last message is older, profiles last enriched before it whose visitor
   * has no chat session left on that site, and button clicks recorded before it.
   */
  purgeOlderThan(cutoffMs: number): DeletedVisitorData;
}
