/**
 * A site's smart documents (docs/console.md "Documents"): list, upload, fields (name, version, widget-spec §3's
 * hideDocHeader and hideDocFooter), a new version of the file, and footer buttons. Viewers read; editors change. An
 * upload is read and checked (./uploads.ts) only once the actor may make it, its text read for the answers, and its
 * file and document row written in one transaction with the audit entry: a refused or failed upload stores nothing.
 */
import { isDocType, readDocumentText, TEXT_READER_VERSION } from '../documents';
import type { DocumentRecord, FooterButton, NewAuditEntry } from '../storage/types';
import { checkHttpUrl } from './config';
import { type Actor, type Context, need } from './context';
import { invalid, OperationError } from './errors';

/**
 * A document's file as the operations store it: a console upload checked by ./uploads.ts (its types are all smart
 * document types), or a file the admin CLI reads on the server's own machine (whose type may be any of them).
 */
export interface DocumentFile {
  type: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The longest name of a document. */
const NAME_MAX = 200;
/** The highest version number. */
const VERSION_MAX = 1_000_000;
/** The most footer buttons a document has (the footer is one 60 px row: widget-spec §9). */
export const FOOTER_BUTTONS_MAX = 6;
/** The longest label of a footer button. */
const LABEL_MAX = 40;
/** The actions a footer BUTTON runs (widget-spec §3 "Smart doc footer button"). */
export const FOOTER_ACTIONS = ['open_chat_modal'] as const;

/** A document as the console shows it. */
export interface DocumentView {
  id: string;
  name: string;
  type: string;
  versionNumber: number;
  embedToken: string;
  filename: string | null;
  /** Where its file is served (`/files/{id}/{name}` on the server's origin); null without one. */
  fileUrl: string | null;
  hideDocHeader: boolean;
  hideDocFooter: boolean;
  /** Whether the answers have its text. */
  hasText: boolean;
  /** The host page's slot for it (README "Documents and videos in the page"). */
  slot: string;
  footerButtons: FooterButton[];
}

/** What a new document may be given besides its file. */
export interface NewDocumentFields {
  name?: unknown;
  versionNumber?: unknown;
  hideDocHeader?: unknown;
  hideDocFooter?: unknown;
}

/** The host page's slot of a document: the element README documents, with its token. */
export const documentSlot = (embedToken: string) =>
  `<div class="smart-doc-embedding-slot" data-embed-token="${embedToken.replace(/[^A-Za-z0-9_-]/g, '')}"></div>`;

/** What of a document the audit log keeps (never its text). */
const audited = (d: DocumentRecord) => ({
  id: d.id,
  name: d.name,
  type: d.type,
  versionNumber: d.versionNumber,
  filename: d.filename,
  hideDocHeader: d.hideDocHeader,
  hideDocFooter: d.hideDocFooter,
});

function checkName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name || name.length > NAME_MAX) throw invalid('name', `name takes 1 to ${NAME_MAX} characters`, `1 to ${NAME_MAX} characters`);
  return name;
}

function checkVersion(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > VERSION_MAX)
    throw invalid('versionNumber', `versionNumber is a whole number from 1 to ${VERSION_MAX}`, `1 to ${VERSION_MAX}`);
  return value;
}

function checkFlag(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalid(field, `${field} is on or off`, ['true', 'false']);
  return value;
}

/** The footer buttons as a list to store, each checked (widget-spec §3 "Smart doc footer button"). */
export function checkFooterButtons(value: unknown): (Omit<FooterButton, 'id'> & { id?: string })[] {
  if (!Array.isArray(value)) throw invalid('buttons', 'buttons is a list', `at most ${FOOTER_BUTTONS_MAX} buttons`);
  if (value.length > FOOTER_BUTTONS_MAX)
    throw invalid('buttons', `a document has at most ${FOOTER_BUTTONS_MAX} footer buttons`, `at most ${FOOTER_BUTTONS_MAX} buttons`);
  const seen = new Set<string>();
  return value.map((raw: unknown, i) => {
    const b = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const field = `buttons.${i}`;
    const label = typeof b.label === 'string' ? b.label.trim() : '';
    if (!label || label.length > LABEL_MAX)
      throw invalid(`${field}.label`, `a button's label takes 1 to ${LABEL_MAX} characters`, `1 to ${LABEL_MAX} characters`);
    // an id given twice is kept once: the second is a new button
    const id = typeof b.id === 'string' && !seen.has(b.id) ? b.id : undefined;
    if (id) seen.add(id);
    if (b.type === 'LINK') return { id, label, type: 'LINK', url: checkHttpUrl(b.url, `${field}.url`) };
    if (b.type === 'BUTTON') {
      if (!FOOTER_ACTIONS.includes(b.actionType as (typeof FOOTER_ACTIONS)[number]))
        throw invalid(`${field}.actionType`, `a BUTTON's actionType is one of ${FOOTER_ACTIONS.join(', ')}`, FOOTER_ACTIONS);
      return { id, label, type: 'BUTTON', actionType: b.actionType as string };
    }
    throw invalid(`${field}.type`, 'a button is a LINK (with a url) or a BUTTON (with an actionType)', ['LINK', 'BUTTON']);
  });
}

export function documentOperations(c: Context) {
  const view = async (d: DocumentRecord): Promise<DocumentView> => ({
    id: d.id,
    name: d.name,
    type: d.type,
    versionNumber: d.versionNumber,
    embedToken: d.embedToken,
    filename: d.filename,
    fileUrl: d.fileId && d.filename ? `${c.ownOrigin}/files/${d.fileId}/${encodeURIComponent(d.filename)}` : null,
    hideDocHeader: d.hideDocHeader,
    hideDocFooter: d.hideDocFooter,
    hasText: d.text !== null && d.text !== '',
    slot: documentSlot(d.embedToken),
    footerButtons: await c.storage.listFooterButtons(d.id),
  });
  const notFound = () => new OperationError('NOT_FOUND', 'no such document', 'document');
  const entry = (siteId: string, actor: Actor, action: string, before: unknown, after: unknown): NewAuditEntry => ({
    siteId,
    actor,
    action,
    before,
    after,
  });

  /** The text the answers search, and why it is missing or partial (said to the uploader, not a refusal). */
  async function textOf(upload: DocumentFile) {
    if (!isDocType(upload.type)) throw invalid('type', `${upload.type} is not a smart document type`);
    const { text, problem } = await readDocumentText(upload.type, upload.bytes);
    return { text, textProblem: problem };
  }

  return {
    /** The site's documents, oldest first (viewers). */
    async listDocuments(actor: Actor, siteId: string): Promise<DocumentView[]> {
      await need(c, actor, siteId, 'viewer');
      return Promise.all((await c.storage.listDocuments(siteId)).map(view));
    },

    /** One of the site's documents (viewers): NOT_FOUND for another site's. */
    async getDocument(actor: Actor, siteId: string, id: string): Promise<DocumentView> {
      await need(c, actor, siteId, 'viewer');
      const doc = await c.storage.getDocument(siteId, id);
      if (!doc) throw notFound();
      return view(doc);
    },

    /**
     * Adds a document from a file (editors): `read` reads it (a console upload: and checks it, ./uploads.ts), and runs
     * only once the actor may add one, so nothing of a refused actor's body is read. Its name is the file's unless given.
     */
    async addDocument(
      actor: Actor,
      siteId: string,
      read: () => Promise<DocumentFile>,
      fields: NewDocumentFields = {},
    ): Promise<{ document: DocumentView; textProblem: string | null }> {
      await need(c, actor, siteId, 'editor');
      const name = fields.name === undefined ? undefined : checkName(fields.name);
      const versionNumber = fields.versionNumber === undefined ? 1 : checkVersion(fields.versionNumber);
      const hideDocHeader = fields.hideDocHeader === undefined ? false : checkFlag(fields.hideDocHeader, 'hideDocHeader');
      const hideDocFooter = fields.hideDocFooter === undefined ? false : checkFlag(fields.hideDocFooter, 'hideDocFooter');
      const upload = await read();
      const { text, textProblem } = await textOf(upload);
      const doc = await c.storage.addDocumentWithFile(
        { filename: upload.filename, contentType: upload.contentType, bytes: upload.bytes },
        {
          siteId,
          name: name ?? checkName(upload.filename.slice(0, NAME_MAX)),
          type: upload.type,
          versionNumber,
          text,
          textReader: TEXT_READER_VERSION,
          hideDocHeader,
          hideDocFooter,
        },
        (after) => entry(siteId, actor, 'document.add', null, audited(after)),
      );
      return { document: await view(doc), textProblem };
    },

    /** Changes a document's name, version number, hideDocHeader or hideDocFooter (editors). */
    async updateDocument(actor: Actor, siteId: string, id: string, patch: NewDocumentFields): Promise<DocumentView> {
      await need(c, actor, siteId, 'editor');
      const checked: { name?: string; versionNumber?: number; hideDocHeader?: boolean; hideDocFooter?: boolean } = {};
      if (patch.name !== undefined) checked.name = checkName(patch.name);
      if (patch.versionNumber !== undefined) checked.versionNumber = checkVersion(patch.versionNumber);
      if (patch.hideDocHeader !== undefined) checked.hideDocHeader = checkFlag(patch.hideDocHeader, 'hideDocHeader');
      if (patch.hideDocFooter !== undefined) checked.hideDocFooter = checkFlag(patch.hideDocFooter, 'hideDocFooter');
      const doc = await c.storage.updateDocument(siteId, id, checked, (before, after) =>
        entry(siteId, actor, 'document.update', audited(before), audited(after)),
      );
      if (!doc) throw notFound();
      return view(doc);
    },

    /**
     * A new version of a document (editors): the upload becomes its file (its type may change), its version number goes
     * one up, and its embed token stays, so every page's slot shows the new version. The earlier file stays stored.
     */
    async addDocumentVersion(
      actor: Actor,
      siteId: string,
      id: string,
      read: () => Promise<DocumentFile>,
    ): Promise<{ document: DocumentView; textProblem: string | null }> {
      await need(c, actor, siteId, 'editor');
      if (!(await c.storage.getDocument(siteId, id))) throw notFound();
      const upload = await read();
      const { text, textProblem } = await textOf(upload);
      const doc = await c.storage.addDocumentVersion(
        siteId,
        id,
        { filename: upload.filename, contentType: upload.contentType, bytes: upload.bytes },
        { type: upload.type, text, textReader: TEXT_READER_VERSION },
        (before, after) => entry(siteId, actor, 'document.version', audited(before), audited(after)),
      );
      if (!doc) throw notFound();
      return { document: await view(doc), textProblem };
    },

    /** Replaces a document's footer buttons with `buttons`, in their order (editors): add, edit, remove and reorder at once. */
    async setFooterButtons(actor: Actor, siteId: string, id: string, buttons: unknown): Promise<FooterButton[]> {
      await need(c, actor, siteId, 'editor');
      const checked = checkFooterButtons(buttons);
      const saved = await c.storage.setFooterButtons(siteId, id, checked, (before, after) =>
        entry(siteId, actor, 'document.footer-buttons', { documentId: id, buttons: before }, { documentId: id, buttons: after }),
      );
      if (!saved) throw notFound();
      return saved;
    },
  };
}
