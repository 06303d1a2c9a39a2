/**
 * Administration from the command line: `npm run admin -- <command> [options]`.
 * Works on the server's database (the SQLite file in DATA_DIR, default ./data, or PostgreSQL at DATABASE_URL),
 * also while the server runs: the servers see a change at once (their caches follow the database's).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatDuration, parseDuration } from '../contract/duration';
import { configFromEnv } from './config';
import { type Actor, auditCsv, createOperations, OperationError, type Operations } from './operations';
import { createAdviceOperations } from './operations/advice';
import { checkHttpUrl } from './operations/config';
import { KEY_GRACE_MS } from './operations/keys';
import { contentTypeFor, docTypeForFilename, isDocType } from './documents';
import { deletedTotal, describeDeleted } from './retention';
import { openStorage } from './storage/open';
import { inviteLink } from './console/context';
import { INVITE_TTL_MS } from './console/limits';
import { isEmail, SITE_ROLES } from './console/member-routes';
import { newSecret } from './console/session';
import type { Site, SiteRole, Storage } from './storage/types';

export const USAGE = `Usage: npm run admin -- <command> [options]

Sites
  sites                                         list sites
  site:create --name NAME --origin URL...       create a site; prints its id, API key and embed snippet
  site:origins SITE --origin URL...             replace the allowed origins ('self' = this server)
  site:origins:add SITE --origin URL...         allow more origins, keeping the others
  site:origins:remove SITE --origin URL...      stop allowing origins (warns when 'self' goes)
  site:config SITE [--page-awareness on|off] [--avatar-id ID] [--reference-webpage URL] [--advice-tools on|off]
  site:appearance SITE (--json JSON | --file FILE)   merge appearance fields (widget-spec §3)
  site:rotate-key SITE                          issue a new API key; the old one keeps working for 24 hours

SITE is a site's id or its exact name.

Content
  docs SITE                                     list smart documents and their embed tokens
  doc:add SITE --file FILE [--name NAME] [--type TYPE] [--version N] [--hide-header] [--hide-footer]
  footer:add EMBED_TOKEN --label LABEL (--link URL | --action ACTION_TYPE)
  videos SITE                                   list videos and their embed tokens
  video:add SITE --file FILE --name NAME [--description TEXT] [--transcript TEXT] [--poster FILE] [--captions FILE.vtt]
  video:remove SITE VIDEO_ID                    remove a video with its files and presence videos
  triggers SITE                                 list action buttons, in their order
  trigger:add SITE --path PATH --name NAME (--message TEXT | --url URL)
  trigger:remove SITE BUTTON_ID                 remove an action button
  presence SITE                                 list presence videos by path
  presence:add SITE --path PATH --video VIDEO_ID [--content TEXT]
  presence:remove SITE PRESENCE_ID              stop showing a presence video

Audit log
  audit:export [--site SITE] [--format json|csv]  every change (who, when, what, before, after), oldest first

Console accounts
  owner:invite --email EMAIL                    print a one-time link (24 h) where EMAIL sets a password (a new
                                                account, or a new password for an existing one)
  member:invite SITE --email EMAIL --role ROLE  print a one-time link (24 h) giving EMAIL a role on SITE
                                                (owner, editor, viewer or adviser)

Advice files
  advice:settings SITE [--paused on|off] [--sample PERCENT] [--retention-years N]
                                                show, or change, a site's advice settings: new recommendations
                                                paused, the share of new files queued for review, years kept
  advice:list SITE                              the site's newest advice files (50): status, client, review

Visitors' data
  visitor:delete SITE USER_SESSION_ID           delete a visitor's chat sessions, messages, profile and button clicks
  data:purge [--older-than DURATION]            delete visitors' data not touched for DURATION (90d, 12h; default RETENTION)

DATA_DIR (default ./data) names the SQLite database's folder; DATABASE_URL (postgres://…) uses PostgreSQL instead.
`;

const OPTIONS = {
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  'page-awareness': { type: 'string' },
  'advice-tools': { type: 'string' },
  'avatar-id': { type: 'string' },
  'reference-webpage': { type: 'string' },
  json: { type: 'string' },
  file: { type: 'string' },
  type: { type: 'string' },
  version: { type: 'string' },
  'hide-header': { type: 'boolean' },
  'hide-footer': { type: 'boolean' },
  label: { type: 'string' },
  link: { type: 'string' },
  action: { type: 'string' },
  description: { type: 'string' },
  transcript: { type: 'string' },
  poster: { type: 'string' },
  captions: { type: 'string' },
  path: { type: 'string' },
  message: { type: 'string' },
  url: { type: 'string' },
  video: { type: 'string' },
  content: { type: 'string' },
  'older-than': { type: 'string' },
  site: { type: 'string' },
  format: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  paused: { type: 'string' },
  sample: { type: 'string' },
  'retention-years': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Who the audit log records for the CLI's changes. */
const CLI: Actor = { kind: 'cli' };

/** A mistake in the command line: printed with the usage, exit status 2. */
export class UsageError extends Error {}

/**
 * A value or a site the operations refused (server/operations): printed with what is allowed and one line of hint,
 * not the whole usage, exit status 2.
 */
export class RefusedError extends UsageError {
  constructor(
    message: string,
    /** What to print after the reason (what the field allows, and a hint). */
    readonly detail: string,
  ) {
    super(message);
  }
}

/** The CLI's flag for an operation's field, where the two differ. */
const FLAGS: Record<string, string> = {
  referenceWebpage: '--reference-webpage',
  pageAwareness: '--page-awareness',
  avatarId: '--avatar-id',
  adviceTools: '--advice-tools',
  origins: '--origin',
  path: '--path',
  name: '--name',
  actionMessage: '--message',
  externalUrl: '--url',
  videoId: '--video',
  content: '--content',
  description: '--description',
  transcript: '--transcript',
  video: '--file',
  poster: '--poster',
  captions: '--captions',
  paused: '--paused',
  samplePercent: '--sample',
  retentionYears: '--retention-years',
};

/** An operation's refusal as the CLI says it: its reason in the CLI's words, what is allowed, and a hint. */
function refused(err: OperationError): RefusedError {
  const flag = err.field === undefined ? undefined : FLAGS[err.field];
  const message = flag && err.message.startsWith(`${err.field} `) ? `${flag}${err.message.slice(err.field!.length)}` : err.message;
  if (err.code === 'NOT_FOUND' && err.field === 'site')
    return new RefusedError(message, 'hint: `npm run admin -- sites` lists the sites (SITE is an id or an exact name)');
  const allowed = Array.isArray(err.allowed) ? `valid: ${err.allowed.join(', ')}` : err.allowed ? `allowed: ${err.allowed}` : '';
  return new RefusedError(message, [allowed, `hint: \`npm run admin -- --help\` lists the commands`].filter(Boolean).join('\n'));
}

/**
 * An http(s) URL an owner stores (a reference page, a footer link, a trigger's URL): anything else (javascript:,
 * data:, a bare word) is refused at write time (issue 14); the widget checks again before opening one. `''` is
 * allowed where it clears the value.
 */
export function httpUrl(value: string, flag: string, { clearable = false } = {}): string {
  try {
    return checkHttpUrl(value, flag, { clearable });
  } catch (err) {
    throw err instanceof OperationError ? new UsageError(err.message) : err;
  }
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
};

const parseCommandLine = (argv: string[]) => parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });

/** What a command may need beyond its command line. */
export interface AdminContext {
  /** The clock, for `data:purge`. @default Date.now */
  now?: () => number;
  /** The retention period `data:purge` uses without `--older-than` (RETENTION); null when off. @default null */
  retentionMs?: number | null;
  /** PUBLIC_URL, for the embed snippet and the console's invitation links. @default none (http://127.0.0.1:8787) */
  publicUrl?: string;
  /** How long a rotated-out key keeps working (KEY_GRACE). @default KEY_GRACE_MS (24 h) */
  keyGraceMs?: number;
  /** Where a warning goes (something done that the owner may not have meant). @default stderr */
  warn?: (message: string) => void;
}

/** What a command works with: the storage, the options, and the positionals after the command. */
interface CommandInput {
  storage: Storage;
  /** The operations, as the CLI (every site's owner). */
  ops: Operations;
  o: ReturnType<typeof parseCommandLine>['values'];
  target: string | undefined;
  /** The positional after the target (`visitor:delete SITE USER_SESSION_ID`). */
  second: string | undefined;
  /** The site the target names (its id or exact name); a UsageError when there is none. */
  site(): Promise<Site>;
  context: Required<AdminContext>;
}

type Command = (input: CommandInput) => Promise<string>;

/** A file the command line names; a UsageError when it cannot be read. */
function readInput(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
}

/** The site's origins set to `origins` (checked by the operation); warns when `self` or every origin went. */
async function saveOrigins({ ops, context }: CommandInput, site: Site, origins: string[]): Promise<string> {
  const saved = await ops.setOrigins(CLI, site.id, origins);
  for (const w of saved.warnings) {
    context.warn(
      w === 'SELF_REMOVED'
        ? `'self' is no longer allowed on ${site.id}: the pages this server serves (the demo at /, the embed pages) cannot use its key any more`
        : `${site.id} has no origins left: its key works from no page`,
    );
  }
  return `origins: ${saved.origins.join(', ') || '(none)'}`;
}

/** The visitor ids the widget makes and the API accepts (server/routes/schemas.ts USER_SESSION_ID). */
const USER_SESSION_ID = /^[A-Za-z0-9_-]{8,100}$/;

const SITE_COMMANDS: Record<string, Command> = {
  sites: async ({ ops }) =>
    (await ops.listSites(CLI))
      .map((s) => `${s.id}  ${s.name}  key ${s.keyPrefix}…  origins ${s.origins.join(', ') || '(none)'}`)
      .join('\n'),
  'site:create': async ({ ops, o }) => {
    const s = await ops.createSite(CLI, { name: need(o.name, '--name'), origins: need(o.origin, '--origin') });
    return `created ${s.id}\nAPI key: ${s.apiKey}\nembed snippet:\n${s.snippet}`;
  },
  'site:origins': async (input) => saveOrigins(input, await input.site(), need(input.o.origin, '--origin')),
  'site:origins:add': async (input) => {
    const s = await input.site();
    return saveOrigins(input, s, [...s.origins, ...need(input.o.origin, '--origin')]);
  },
  'site:origins:remove': async (input) => {
    const s = await input.site();
    const gone = need(input.o.origin, '--origin');
    const missing = gone.filter((o) => !s.origins.includes(o));
    if (missing.length)
      throw new UsageError(
        `${s.id} does not allow ${missing.join(', ')} (its origins: ${s.origins.join(', ') || 'none'}); nothing changed`,
      );
    return saveOrigins(
      input,
      s,
      s.origins.filter((o) => !gone.includes(o)),
    );
  },
  'site:config': async ({ ops, o, site }) => {
    const onOff = (value: string | undefined, flag: string) => {
      if (value !== undefined && value !== 'on' && value !== 'off') throw new UsageError(`${flag} takes on or off`);
      return value === undefined ? undefined : value === 'on';
    };
    const config = await ops.setConfig(CLI, (await site()).id, {
      pageAwareness: onOff(o['page-awareness'], '--page-awareness'),
      adviceTools: onOff(o['advice-tools'], '--advice-tools'),
      avatarId: o['avatar-id'],
      referenceWebpage: o['reference-webpage'],
    });
    return JSON.stringify(config, null, 2);
  },
  'site:appearance': async ({ ops, o, site }) => {
    const s = await site();
    const text = o.json ?? (o.file ? readInput(o.file).toString('utf8') : undefined);
    let patch: unknown;
    try {
      patch = JSON.parse(need(text, '--json or --file'));
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError('the appearance is not valid JSON');
    }
    const { version } = await ops.patchAppearance(CLI, s.id, patch);
    return `appearance saved as version ${version}`;
  },
  'site:rotate-key': async ({ ops, site, context }) => {
    const { apiKey, previousKey } = await ops.rotateKey(CLI, (await site()).id);
    const grace = context.keyGraceMs % 3_600_000 === 0 ? `${context.keyGraceMs / 3_600_000} hours` : formatDuration(context.keyGraceMs);
    // the key last, on a line of its own, to be copied
    return `the old key keeps working for ${grace}, until ${previousKey.validUntil}: put the new one in your pages before then\nnew API key: ${apiKey}`;
  },
};

const DOCUMENT_COMMANDS: Record<string, Command> = {
  docs: async ({ storage, site }) =>
    (await storage.listDocuments((await site()).id))
      .map((d) => `${d.embedToken}  ${d.type.padEnd(8)} v${d.versionNumber}  ${d.name}`)
      .join('\n'),
  'doc:add': async ({ ops, o, site, context }) => {
    const s = await site();
    const file = need(o.file, '--file');
    const filename = path.basename(file);
    const type = o.type ?? docTypeForFilename(filename);
    if (!isDocType(type))
      throw new UsageError(`--type must be one of pdf, docx, md, markdown, txt, snippet, csv, xls, xlsx, spreadsheet, other`);
    const version = o.version === undefined ? 1 : Number(o.version);
    if (!Number.isInteger(version) || version < 1) throw new UsageError('--version must be a whole number from 1');
    const bytes = readInput(file);
    // the console's operation (one model); a file that cannot be read is still added (it can be viewed and
    // downloaded), without text for the answers
    const { document: doc, textProblem } = await ops.addDocument(
      CLI,
      s.id,
      async () => ({ type, filename, contentType: contentTypeFor(filename), bytes }),
      {
        name: o.name ?? filename,
        versionNumber: version,
        hideDocHeader: o['hide-header'] ?? false,
        hideDocFooter: o['hide-footer'] ?? false,
      },
    );
    if (textProblem)
      context.warn(
        `${doc.hasText ? 'the answers search part of its text' : 'no text is kept for the answers'}: ${filename}: ${textProblem}`,
      );
    return `added ${doc.type} "${doc.name}"\nembed token: ${doc.embedToken}`;
  },
  'footer:add': async ({ ops, storage, o, target }) => {
    const doc = await storage.findDocumentByToken(need(target, 'EMBED_TOKEN'));
    if (!doc) throw new UsageError(`no document with embed token ${target}`);
    if (!o.link === !o.action) throw new UsageError('give one of --link URL or --action ACTION_TYPE');
    const added = o.link
      ? { label: need(o.label, '--label'), type: 'LINK' as const, url: httpUrl(o.link, '--link') }
      : { label: need(o.label, '--label'), type: 'BUTTON' as const, actionType: o.action };
    // the console's operation: the document's buttons, this one last
    const buttons = await ops.setFooterButtons(CLI, doc.siteId, doc.id, [...(await storage.listFooterButtons(doc.id)), added]);
    return `added footer button ${buttons.at(-1)!.id}`;
  },
};

const VIDEO_AND_BUTTON_COMMANDS: Record<string, Command> = {
  videos: async ({ ops, site }) =>
    (await ops.listVideos(CLI, (await site()).id)).map((v) => `${v.embedToken}  ${v.id}  ${v.name}`).join('\n'),
  'video:add': async ({ ops, o, site }) => {
    const s = await site();
    const upload = (file: string) => ({ filename: path.basename(file), bytes: readInput(file) });
    // the operations' checks (size, type by content, WebVTT), as for the console's uploads
    const v = await ops.addVideo(
      CLI,
      s.id,
      { name: need(o.name, '--name'), description: o.description ?? '', transcript: o.transcript ?? '' },
      {
        video: upload(need(o.file, '--file')),
        ...(o.poster ? { poster: upload(o.poster) } : {}),
        ...(o.captions ? { captions: upload(o.captions) } : {}),
      },
    );
    return `added video ${v.id}\nembed token: ${v.embedToken}`;
  },
  'video:remove': async ({ ops, site, second }) => {
    const s = await site();
    await ops.removeVideo(CLI, s.id, need(second, 'VIDEO_ID (see `videos SITE`)'));
    return `removed video ${second} with its files and presence videos`;
  },
  triggers: async ({ ops, site }) =>
    (await ops.listButtons(CLI, (await site()).id))
      .map((t) => `${t.id}  ${t.path}  ${t.name}  ${t.buttonType === 'EXTERNAL_LINK' ? t.externalUrl : `"${t.actionMessage}"`}`)
      .join('\n'),
  'trigger:add': async ({ ops, o, site }) => {
    const s = await site();
    if (!o.message === !o.url) throw new UsageError('give one of --message TEXT or --url URL');
    const t = await ops.addButton(CLI, s.id, {
      path: need(o.path, '--path'),
      name: need(o.name, '--name'),
      buttonType: o.url ? 'EXTERNAL_LINK' : 'ACTION',
      externalUrl: o.url === undefined ? undefined : httpUrl(o.url, '--url'),
      actionMessage: o.message,
    });
    return `added action button ${t.id} on ${t.path}`;
  },
  'trigger:remove': async ({ ops, site, second }) => {
    const s = await site();
    await ops.removeButton(CLI, s.id, need(second, 'BUTTON_ID (see `triggers SITE`)'));
    return `removed action button ${second}`;
  },
  presence: async ({ ops, site }) =>
    (await ops.listPresence(CLI, (await site()).id)).map((m) => `${m.id}  ${m.path}  ${m.videoName}`).join('\n'),
  'presence:add': async ({ ops, o, site }) => {
    const s = await site();
    const m = await ops.addPresence(CLI, s.id, {
      path: need(o.path, '--path'),
      videoId: need(o.video, '--video'),
      content: o.content ?? '',
    });
    return `added presence video ${m.id} on ${m.path}`;
  },
  'presence:remove': async ({ ops, site, second }) => {
    const s = await site();
    await ops.removePresence(CLI, s.id, need(second, 'PRESENCE_ID (see `presence SITE`)'));
    return `removed presence video ${second}`;
  },
};

const VISITOR_COMMANDS: Record<string, Command> = {
  'visitor:delete': async ({ ops, site, second }) => {
    const s = await site();
    const visitor = need(second, "USER_SESSION_ID (the visitor's id: local storage ai_chat_user_session_id on the site)");
    if (!USER_SESSION_ID.test(visitor)) throw new UsageError(`"${visitor}" is not a user session id (8 to 100 of A-Z a-z 0-9 _ -)`);
    // the console's delete too: the one operation, with its audit entry
    const deleted = await ops.deleteVisitor(CLI, s.id, visitor);
    if (deletedTotal(deleted) === 0) return `nothing stored for visitor ${visitor} on ${s.id}`;
    return `deleted visitor ${visitor} on ${s.id}: ${describeDeleted(deleted)}`;
  },
  'data:purge': async ({ storage, o, context }) => {
    let period = context.retentionMs;
    if (o['older-than'] !== undefined) {
      try {
        period = parseDuration(o['older-than']);
      } catch (err) {
        throw new UsageError(`--older-than: ${(err as Error).message}`);
      }
    }
    if (period === null) throw new UsageError('RETENTION is off: give the age of the data to delete, e.g. --older-than 90d');
    const cutoffMs = context.now() - period;
    const deleted = await storage.purgeOlderThan(cutoffMs);
    return `deleted visitors' data not touched for ${formatDuration(period)} (since ${new Date(cutoffMs).toISOString()}): ${describeDeleted(deleted)}`;
  },
};

const AUDIT_COMMANDS: Record<string, Command> = {
  'audit:export': async ({ ops, o }) => {
    const format = o.format ?? 'json';
    if (format !== 'json' && format !== 'csv') throw new UsageError('--format takes json or csv');
    const siteId = o.site === undefined ? undefined : (await ops.findSite(CLI, o.site)).site.id;
    const entries = await ops.exportAudit(CLI, siteId);
    return format === 'csv' ? auditCsv(entries) : JSON.stringify(entries, null, 2);
  },
};

/** An invitation to the console, printed as its one-time link (the token is stored hashed, and shown only here). */
async function printInvite(
  { storage, context }: CommandInput,
  input: { email: string | undefined; siteId: string | null; role: SiteRole | null },
): Promise<string> {
  const email = need(input.email, '--email EMAIL')!.trim();
  if (!isEmail(email)) throw new UsageError(`--email takes an email address, not ${JSON.stringify(email)}`);
  const token = newSecret();
  const expiresAt = context.now() + INVITE_TTL_MS;
  // audited as the console's invitations are, in the same transaction (a first owner's has no site, and is `owner.invite`)
  await storage.createInvite(
    { token, email, siteId: input.siteId, role: input.role, createdBy: null, expiresAt },
    {
      siteId: input.siteId,
      actor: { kind: 'cli' },
      action: input.siteId === null ? 'owner.invite' : 'member.invite',
      before: null,
      after: { email, role: input.role ?? 'owner' },
    },
  );
  const origin = new URL(context.publicUrl || 'http://127.0.0.1:8787').origin;
  return `${inviteLink(origin, token)}\n(for ${email}; works once, until ${new Date(expiresAt).toISOString()})`;
}

const ACCOUNT_COMMANDS: Record<string, Command> = {
  'owner:invite': (input) => printInvite(input, { email: input.o.email, siteId: null, role: null }),
  'member:invite': async (input) => {
    const s = await input.site();
    const role = need(input.o.role, '--role ROLE (owner, editor, viewer or adviser)');
    if (!SITE_ROLES.includes(role as SiteRole)) throw new UsageError(`--role takes ${SITE_ROLES.join(', ')}, not ${JSON.stringify(role)}`);
    return printInvite(input, { email: input.o.email, siteId: s.id, role: role as SiteRole });
  },
};

/** A whole number the command line gives, or undefined; a UsageError when it is not one. */
const wholeNumber = (value: string | undefined, flag: string) => {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,4}$/.test(value)) throw new UsageError(`${flag} takes a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
};

/** Advice files (docs/advice-records.md), through the same operations as the console's (the CLI is every site's owner). */
const ADVICE_COMMANDS: Record<string, Command> = {
  'advice:settings': async ({ storage, o, site, context }) => {
    const s = await site();
    const ops = createAdviceOperations(storage, { now: context.now });
    const paused = o.paused;
    if (paused !== undefined && paused !== 'on' && paused !== 'off') throw new UsageError('--paused takes on or off');
    const change = {
      paused: paused === undefined ? undefined : paused === 'on',
      samplePercent: wholeNumber(o.sample, '--sample'),
      retentionYears: wholeNumber(o['retention-years'], '--retention-years'),
    };
    const changed = Object.values(change).some((v) => v !== undefined);
    const settings = changed ? await ops.setAdviceSettings(CLI, s.id, change) : await ops.getAdviceSettings(CLI, s.id);
    return JSON.stringify(settings, null, 2);
  },
  'advice:list': async ({ storage, site, context }) => {
    const s = await site();
    const { files } = await createAdviceOperations(storage, { now: context.now }).listAdviceFiles(CLI, s.id, {});
    if (files.length === 0) return `${s.name} has no advice files`;
    return files
      .map((f) =>
        [
          f.id,
          f.status,
          f.updatedAt,
          JSON.stringify(f.clientName),
          f.clientEmail ?? '-',
          f.inReviewQueue ? 'review-queue' : (f.reviewed ?? '-'),
        ].join('  '),
      )
      .join('\n');
  },
};

/** How many positionals a command takes after its name, where not one (SITE or EMBED_TOKEN). */
const POSITIONALS = new Map([
  ['sites', 0],
  ['site:create', 0],
  ['data:purge', 0],
  ['audit:export', 0],
  ['visitor:delete', 2],
  ['trigger:remove', 2],
  ['video:remove', 2],
  ['presence:remove', 2],
  ['owner:invite', 0],
]);

// A Map, not an object lookup, so that a command named like an Object.prototype member ('toString') is unknown.
const COMMANDS = new Map<string, Command>(
  Object.entries({
    ...SITE_COMMANDS,
    ...DOCUMENT_COMMANDS,
    ...VIDEO_AND_BUTTON_COMMANDS,
    ...VISITOR_COMMANDS,
    ...AUDIT_COMMANDS,
    ...ACCOUNT_COMMANDS,
    ...ADVICE_COMMANDS,
  }),
);

/** Runs one command against `storage`, returning what to print. */
export async function runAdmin(storage: Storage, argv: string[], context: AdminContext = {}): Promise<string> {
  const { values: o, positionals } = parseCommandLine(argv);
  const [command, ...rest] = positionals;
  const [target, second] = rest;
  if (o.help || !command) return USAGE;
  const run = COMMANDS.get(command);
  if (!run) throw new UsageError(`unknown command ${command}`);
  // A stray word is a mistake to point out, not to ignore: `data:purge 30d` would purge with the default period.
  const extra = rest.slice(POSITIONALS.get(command) ?? 1);
  if (extra.length) throw new UsageError(`${command} does not take ${extra.join(' ')}`);
  const full: Required<AdminContext> = {
    now: context.now ?? Date.now,
    retentionMs: context.retentionMs ?? null,
    publicUrl: context.publicUrl ?? '',
    keyGraceMs: context.keyGraceMs ?? KEY_GRACE_MS,
    warn: context.warn ?? ((message) => console.error(`admin: warning: ${message}`)),
  };
  const ops = createOperations(storage, { now: full.now, publicUrl: full.publicUrl || undefined, keyGraceMs: full.keyGraceMs });
  const site = async () => (await ops.findSite(CLI, need(target, 'SITE (a site id or exact name; see `sites`)'))).site;
  try {
    return await run({ storage, ops, o, target, second, site, context: full });
  } catch (err) {
    throw err instanceof OperationError ? refused(err) : err;
  }
}

/** The command-line entry (server/admin-cli.ts; `npm run admin` builds it into dist/tools/admin.mjs). */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  let storage: Storage | undefined;
  try {
    const config = configFromEnv(process.env, '');
    storage = await openStorage(config);
    console.log(
      await runAdmin(storage, argv, { retentionMs: config.retentionMs, publicUrl: config.publicUrl, keyGraceMs: config.keyGraceMs }),
    );
    return 0;
  } catch (err) {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const detail = err instanceof RefusedError ? `\n${err.detail}` : usage ? `\n\n${USAGE}` : '';
    console.error(`admin: ${(err as Error).message}${detail}`);
    return usage ? 2 : 1;
  } finally {
    await storage?.close();
  }
}
