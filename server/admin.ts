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
import type { Storage } from './storage/types';

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

/** Runs one command against `storage`, returning what to print. */
export function runAdmin(storage: Storage, argv: string[]): string {
  const { values: o, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const [command, target] = positionals;
  if (o.help || !command) return USAGE;
  const site = () => {
    const id = need(target, 'SITE (a site id; see `sites`)');
    const s = storage.getSite(id);
    if (!s) throw new UsageError(`no site ${id}`);
    return s;
  };
  const readFile = (file: string) => {
    try {
      return readFileSync(file);
    } catch {
      throw new UsageError(`cannot read ${file}`);
    }
  };

  switch (command) {
    case 'sites':
      return storage
        .listSites()
        .map((s) => `${s.id}  ${s.name}  key ${s.keyPrefix}…  origins ${s.origins.join(', ') || '(none)'}`)
        .join('\n');
    case 'site:create': {
      const apiKey = newApiKey();
      const s = storage.createSite({ name: need(o.name, '--name'), apiKey, origins: need(o.origin, '--origin') });
      return `created ${s.id}\nAPI key (shown once; it is stored hashed): ${apiKey}`;
    }
    case 'site:origins':
      return `origins: ${storage.updateSite(site().id, { origins: need(o.origin, '--origin') })!.origins.join(', ')}`;
    case 'site:config': {
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
    }
    case 'site:appearance': {
      const s = site();
      const text = o.json ?? (o.file ? readFile(o.file).toString('utf8') : undefined);
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
    }
    case 'site:rotate-key': {
      const apiKey = newApiKey();
      storage.rotateApiKey(site().id, apiKey);
      return `new API key (shown once): ${apiKey}`;
    }
    case 'docs':
      return storage
        .listDocuments(site().id)
        .map((d) => `${d.embedToken}  ${d.type.padEnd(8)} v${d.versionNumber}  ${d.name}`)
        .join('\n');
    case 'doc:add': {
      const s = site();
      const file = need(o.file, '--file');
      const filename = path.basename(file);
      const type = o.type ?? docTypeForFilename(filename);
      if (!isDocType(type)) throw new UsageError(`--type must be one of pdf, docx, md, markdown, txt, snippet, csv, xls, xlsx, spreadsheet, other`);
      const version = o.version === undefined ? 1 : Number(o.version);
      if (!Number.isInteger(version) || version < 1) throw new UsageError('--version must be a whole number from 1');
      const bytes = readFile(file);
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
    }
    case 'footer:add': {
      const doc = storage.findDocumentByToken(need(target, 'EMBED_TOKEN'));
      if (!doc) throw new UsageError(`no document with embed token ${target}`);
      if (!o.link === !o.action) throw new UsageError('give one of --link URL or --action ACTION_TYPE');
      const b = storage.addFooterButton(doc.id, o.link ? { label: need(o.label, '--label'), type: 'LINK', url: o.link } : { label: need(o.label, '--label'), type: 'BUTTON', actionType: o.action });
      return `added footer button ${b.id}`;
    }
    case 'videos':
      return storage
        .listVideos(site().id)
        .map((v) => `${v.embedToken}  ${v.id}  ${v.name}`)
        .join('\n');
    case 'video:add': {
      const s = site();
      const file = need(o.file, '--file');
      const filename = path.basename(file);
      const fileId = storage.addFile(s.id, { filename, contentType: contentTypeFor(filename), bytes: readFile(file) });
      const poster = o.poster
        ? storage.addFile(s.id, { filename: path.basename(o.poster), contentType: contentTypeFor(o.poster), bytes: readFile(o.poster) })
        : null;
      const captions = o.captions
        ? storage.addFile(s.id, { filename: path.basename(o.captions), contentType: contentTypeFor(o.captions), bytes: readFile(o.captions) })
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
    }
    case 'trigger:add': {
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
    }
    case 'presence:add': {
      const s = site();
      const video = storage.getVideo(need(o.video, '--video'));
      if (!video || video.siteId !== s.id) throw new UsageError(`no video ${o.video} on ${s.id}`);
      const m = storage.addPresenceMessage(s.id, { triggerEventUrl: need(o.path, '--path'), videoId: video.id, content: o.content ?? '', showOnVisit: true });
      return `added presence video ${m.id} on ${m.triggerEventUrl}`;
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
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
