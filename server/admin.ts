/**
 * Administration from the command line: `npm run admin -- <command> [options]`.
 * Works on the database in DATA_DIR (default ./data), also while the server runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mergeAppearance } from '../contract/appearance';
import { configFromEnv } from './config';
import { contentTypeFor, docTypeForFilename, extractText, isDocType } from './documents';
import { newApiKey } from './seed';
import { openSqliteStorage } from './storage/sqlite';
import type { Site, Storage } from './storage/types';

export const USAGE = `Usage: npm run admin -- <command> [options]

Sites
  sites                                         list sites
  site:create --name NAME --origin URL...       create a site; prints its id and API key
  site:origins SITE --origin URL...             replace the allowed origins ('self' = this server)
  site:config SITE [--page-awareness on|off] [--avatar-id ID] [--reference-webpage URL]
  site:appearance SITE (--json JSON | --file FILE)   merge appearance fields (widget-spec §3)
  site:rotate-key SITE                          issue a new API key; the old one stops working

Content
  docs SITE                                     list smart documents and their embed tokens
  doc:add SITE --file FILE [--name NAME] [--type TYPE] [--version N] [--hide-header] [--hide-footer]
  footer:add EMBED_TOKEN --label LABEL (--link URL | --action ACTION_TYPE)
  videos SITE                                   list videos and their embed tokens
  video:add SITE --file FILE --name NAME [--description TEXT] [--transcript TEXT] [--poster FILE] [--captions FILE.vtt]
  trigger:add SITE --path PATH --name NAME (--message TEXT | --url URL)
  presence:add SITE --path PATH --video VIDEO_ID [--content TEXT]
`;

const OPTIONS = {
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  'page-awareness': { type: 'string' },
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
  help: { type: 'boolean', short: 'h' },
} as const;

/** A mistake in the command line: printed with the usage, exit status 2. */
export class UsageError extends Error {}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
};

const parseCommandLine = (argv: string[]) => parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });

/** What a command works with: the storage, the options, and the positional after the command. */
interface CommandInput {
  storage: Storage;
  o: ReturnType<typeof parseCommandLine>['values'];
  target: string | undefined;
  /** The site the target names; a UsageError when there is none. */
  site(): Site;
}

type Command = (input: CommandInput) => string;

/** A file the command line names; a UsageError when it cannot be read. */
function readInput(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
}

const SITE_COMMANDS: Record<string, Command> = {
  sites: ({ storage }) =>
    storage
      .listSites()
      .map((s) => `${s.id}  ${s.name}  key ${s.keyPrefix}…  origins ${s.origins.join(', ') || '(none)'}`)
      .join('\n'),
  'site:create': ({ storage, o }) => {
    const apiKey = newApiKey();
    const s = storage.createSite({ name: need(o.name, '--name'), apiKey, origins: need(o.origin, '--origin') });
    return `created ${s.id}\nAPI key (shown once; it is stored hashed): ${apiKey}`;
  },
  'site:origins': ({ storage, o, site }) => `origins: ${storage.updateSite(site().id, { origins: need(o.origin, '--origin') })!.origins.join(', ')}`,
  'site:config': ({ storage, o, site }) => {
    const aware = o['page-awareness'];
    if (aware !== undefined && aware !== 'on' && aware !== 'off') throw new UsageError('--page-awareness takes on or off');
    const updated = storage.updateSite(site().id, {
      config: {
        ...(aware !== undefined ? { agentPageAwareness: aware === 'on' } : {}),
        ...(o['avatar-id'] !== undefined ? { interactiveAvatarId: o['avatar-id'] } : {}),
        ...(o['reference-webpage'] !== undefined ? { referenceWebpage: o['reference-webpage'] } : {}),
      },
    });
    return JSON.stringify(updated!.config, null, 2);
  },
  'site:appearance': ({ storage, o, site }) => {
    const s = site();
    const text = o.json ?? (o.file ? readInput(o.file).toString('utf8') : undefined);
    let patch: unknown;
    try {
      patch = JSON.parse(need(text, '--json or --file'));
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError('the appearance is not valid JSON');
    }
    const issues: string[] = [];
    mergeAppearance(patch, issues);
    if (issues.length) throw new UsageError(`appearance not saved:\n  ${issues.join('\n  ')}`);
    storage.updateSite(s.id, { appearance: patch as Record<string, unknown> });
    return 'appearance saved';
  },
  'site:rotate-key': ({ storage, site }) => {
    const apiKey = newApiKey();
    storage.rotateApiKey(site().id, apiKey);
    return `new API key (shown once): ${apiKey}`;
  },
};

const DOCUMENT_COMMANDS: Record<string, Command> = {
  docs: ({ storage, site }) =>
    storage
      .listDocuments(site().id)
      .map((d) => `${d.embedToken}  ${d.type.padEnd(8)} v${d.versionNumber}  ${d.name}`)
      .join('\n'),
  'doc:add': ({ storage, o, site }) => {
    const s = site();
    const file = need(o.file, '--file');
    const filename = path.basename(file);
    const type = o.type ?? docTypeForFilename(filename);
    if (!isDocType(type)) throw new UsageError(`--type must be one of pdf, docx, md, markdown, txt, snippet, csv, xls, xlsx, spreadsheet, other`);
    const version = o.version === undefined ? 1 : Number(o.version);
    if (!Number.isInteger(version) || version < 1) throw new UsageError('--version must be a whole number from 1');
    const bytes = readInput(file);
    const fileId = storage.addFile(s.id, { filename, contentType: contentTypeFor(filename), bytes });
    const doc = storage.addDocument({
      siteId: s.id,
      name: o.name ?? filename,
      type,
      versionNumber: version,
      fileId,
      text: extractText(type, bytes),
      hideDocHeader: o['hide-header'] ?? false,
      hideDocFooter: o['hide-footer'] ?? false,
    });
    return `added ${doc.type} "${doc.name}"\nembed token: ${doc.embedToken}`;
  },
  'footer:add': ({ storage, o, target }) => {
    const doc = storage.findDocumentByToken(need(target, 'EMBED_TOKEN'));
    if (!doc) throw new UsageError(`no document with embed token ${target}`);
    if (!o.link === !o.action) throw new UsageError('give one of --link URL or --action ACTION_TYPE');
    const b = storage.addFooterButton(doc.id, o.link ? { label: need(o.label, '--label'), type: 'LINK', url: o.link } : { label: need(o.label, '--label'), type: 'BUTTON', actionType: o.action });
    return `added footer button ${b.id}`;
  },
};

const VIDEO_AND_BUTTON_COMMANDS: Record<string, Command> = {
  videos: ({ storage, site }) =>
    storage
      .listVideos(site().id)
      .map((v) => `${v.embedToken}  ${v.id}  ${v.name}`)
      .join('\n'),
  'video:add': ({ storage, o, site }) => {
    const s = site();
    const file = need(o.file, '--file');
    const filename = path.basename(file);
    const fileId = storage.addFile(s.id, { filename, contentType: contentTypeFor(filename), bytes: readInput(file) });
    const poster = o.poster
      ? storage.addFile(s.id, { filename: path.basename(o.poster), contentType: contentTypeFor(o.poster), bytes: readInput(o.poster) })
      : null;
    const captions = o.captions
      ? storage.addFile(s.id, { filename: path.basename(o.captions), contentType: contentTypeFor(o.captions), bytes: readInput(o.captions) })
      : null;
    const v = storage.addVideo({
      siteId: s.id,
      name: need(o.name, '--name'),
      description: o.description ?? '',
      fileId,
      thumbnailFileId: poster,
      captionsFileId: captions,
      transcript: o.transcript ?? '',
    });
    return `added video ${v.id}\nembed token: ${v.embedToken}`;
  },
  'trigger:add': ({ storage, o, site }) => {
    const s = site();
    if (!o.message === !o.url) throw new UsageError('give one of --message TEXT or --url URL');
    const t = storage.addActionTrigger(s.id, {
      path: need(o.path, '--path'),
      name: need(o.name, '--name'),
      buttonType: o.url ? 'EXTERNAL_LINK' : 'ACTION',
      externalUrl: o.url,
      actionMessage: o.message,
    });
    return `added action button ${t.id} on ${t.path}`;
  },
  'presence:add': ({ storage, o, site }) => {
    const s = site();
    const video = storage.getVideo(need(o.video, '--video'));
    if (!video || video.siteId !== s.id) throw new UsageError(`no video ${o.video} on ${s.id}`);
    const m = storage.addPresenceMessage(s.id, { triggerEventUrl: need(o.path, '--path'), videoId: video.id, content: o.content ?? '', showOnVisit: true });
    return `added presence video ${m.id} on ${m.triggerEventUrl}`;
  },
};

// A Map, not an object lookup, so that a command named like an Object.prototype member ('toString') is unknown.
const COMMANDS = new Map<string, Command>(Object.entries({ ...SITE_COMMANDS, ...DOCUMENT_COMMANDS, ...VIDEO_AND_BUTTON_COMMANDS }));

/** Runs one command against `storage`, returning what to print. */
export function runAdmin(storage: Storage, argv: string[]): string {
  const { values: o, positionals } = parseCommandLine(argv);
  const [command, target] = positionals;
  if (o.help || !command) return USAGE;
  const run = COMMANDS.get(command);
  if (!run) throw new UsageError(`unknown command ${command}`);
  const site = () => {
    const id = need(target, 'SITE (a site id; see `sites`)');
    const s = storage.getSite(id);
    if (!s) throw new UsageError(`no site ${id}`);
    return s;
  };
  return run({ storage, o, target, site });
}

/** The command-line entry (dist/server/admin.js). */
export function main(argv = process.argv.slice(2)): number {
  let storage: Storage | undefined;
  try {
    const config = configFromEnv(process.env, '');
    storage = openSqliteStorage(path.join(config.dataDir, 'horizon.db'));
    console.log(runAdmin(storage, argv));
    return 0;
  } catch (err) {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`admin: ${(err as Error).message}${usage ? `\n\n${USAGE}` : ''}`);
    return usage ? 2 : 1;
  } finally {
    storage?.close();
  }
}
