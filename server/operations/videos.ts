/**
 * A site's videos (widget-spec §3 "Video response"): viewers read them, editors add them and change their name,
 * description, transcript and embed settings (share, ask question, brand colour, controls, autoplay, loop, mute), and
 * upload their file, poster and captions. contract/media-fields.ts is the one validation; every change is written with
 * its audit entry (before and after).
 */
import { videoProblems } from '../../contract/media-fields';
import type { VideoFileKind, VideoPatch, VideoRecord, VideoSettings } from '../storage/types';
import { refuseIssues } from './buttons';
import { type Actor, type Context, need } from './context';
import { OperationError } from './errors';
import { checkUpload, UPLOAD_KINDS } from './uploads';

/** A file as uploaded: its name as given and its bytes (its type is told by them). */
export interface VideoUpload {
  filename: string;
  bytes: Uint8Array;
}

/** One of a video's files as the console shows it: its name and where it is served. */
export interface VideoFileView {
  filename: string;
  url: string;
}

/** A video as the console shows it. */
export interface VideoView {
  id: string;
  name: string;
  description: string;
  transcript: string;
  embedToken: string;
  settings: VideoSettings;
  /** The host-page slot that shows it (docs/embedding.md "Documents and videos in the page"). */
  snippet: string;
  video: VideoFileView | null;
  poster: VideoFileView | null;
  captions: VideoFileView | null;
}

/** The slot a host page carries to show a video (docs/embedding.md), with its embed token. */
export const videoSnippet = (embedToken: string) => `<div class="video-embedding-slot" data-embed-token="${embedToken}"></div>`;

const fileView = (id: string | null, filename: string | null): VideoFileView | null =>
  id && filename ? { filename, url: `/files/${id}/${encodeURIComponent(filename)}` } : null;

export const videoView = (v: VideoRecord): VideoView => ({
  id: v.id,
  name: v.name,
  description: v.description,
  transcript: v.transcript,
  embedToken: v.embedToken,
  settings: { ...v.settings },
  snippet: videoSnippet(v.embedToken),
  video: fileView(v.fileId, v.filename),
  poster: fileView(v.thumbnailFileId, v.thumbnailFilename),
  captions: fileView(v.captionsFileId, v.captionsFilename),
});

/** A video as the audit log records it: its fields, and its files by name (never their bytes). */
const recorded = (v: VideoRecord) => ({
  id: v.id,
  name: v.name,
  description: v.description,
  transcript: v.transcript.length > 200 ? `${v.transcript.slice(0, 200)}…` : v.transcript,
  settings: v.settings,
  video: v.filename,
  poster: v.thumbnailFilename,
  captions: v.captionsFilename,
});

/** The fields of a checked patch, as stored (the name trimmed; settings laid over `current`). */
function patchOf(input: Record<string, unknown>, current?: VideoSettings): VideoPatch {
  const out: VideoPatch = {};
  if (typeof input.name === 'string') out.name = input.name.trim();
  if (typeof input.description === 'string') out.description = input.description;
  if (typeof input.transcript === 'string') out.transcript = input.transcript;
  if (input.settings !== undefined) out.settings = { ...current!, ...(input.settings as Partial<VideoSettings>) };
  return out;
}

// WebVTT (W3C): a timestamp is [hh:]mm:ss.ttt; a cue's timing line is `start --> end`, then its settings.
const TIME = String.raw`(\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}([ \t].*)?$`);

/** The line of WebVTT captions whose cue timing does not parse (a SubRip file renamed .vtt has `00:00:01,000`), or 0. */
export function badCueLine(text: string): number {
  return text.split(/\r\n|\r|\n/).findIndex((line) => line.includes('-->') && !TIMING.test(line)) + 1;
}

/**
 * A video's upload checked by the console's one upload check (uploads.ts: its kind's size, its type by content) and,
 * for captions, each cue's timing too: refused with TOO_LARGE, UNSUPPORTED_MEDIA_TYPE or INVALID naming `kind`.
 */
async function checkVideoUpload(kind: VideoFileKind, upload: VideoUpload) {
  const checked = await checkUpload(kind, upload.bytes, { filename: upload.filename, field: kind });
  if (kind === 'captions') {
    // file-type knows WebVTT by its first bytes alone: the rest must be UTF-8 text too (WebVTT is UTF-8)
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(checked.bytes);
    } catch {
      throw new OperationError('INVALID', 'The captions file is not UTF-8 text: save it as UTF-8 and send it again.', kind);
    }
    const line = badCueLine(text);
    if (line)
      throw new OperationError(
        'INVALID',
        `Line ${line} of the captions is not a cue timing such as 00:01.000 --> 00:04.000: it is not WebVTT.`,
        kind,
        UPLOAD_KINDS.captions.described,
      );
  }
  return { filename: checked.filename, contentType: checked.contentType, bytes: checked.bytes };
}

const notFound = (id: string) => new OperationError('NOT_FOUND', `no video "${id.slice(0, 64)}" on this site`, 'video');

export function videoOperations(c: Context) {
  const siteVideo = async (siteId: string, id: string) => {
    const v = await c.storage.getVideo(id);
    if (!v || v.siteId !== siteId) throw notFound(id);
    return v;
  };

  return {
    /** The site's videos, oldest first (viewers and up). */
    async listVideos(actor: Actor, siteId: string): Promise<VideoView[]> {
      await need(c, actor, siteId, 'viewer');
      return (await c.storage.listVideos(siteId)).map(videoView);
    },

    /** One of the site's videos (viewers and up); NOT_FOUND for another site's. */
    async getVideo(actor: Actor, siteId: string, id: string): Promise<VideoView> {
      await need(c, actor, siteId, 'viewer');
      return videoView(await siteVideo(siteId, id));
    },

    /**
     * Adds a video (editors and up): a name, and optionally its description, transcript and settings, and (from the
     * command line) its files, each checked as an upload is and stored with it in one transaction.
     */
    async addVideo(
      actor: Actor,
      siteId: string,
      input: unknown,
      uploads: Partial<Record<VideoFileKind, VideoUpload>> = {},
    ): Promise<VideoView> {
      await need(c, actor, siteId, 'editor');
      refuseIssues(videoProblems(input, ['name']));
      const files = Object.fromEntries(
        await Promise.all(Object.entries(uploads).map(async ([kind, u]) => [kind, await checkVideoUpload(kind as VideoFileKind, u)])),
      );
      const { name = '', description = '', transcript = '', settings } = patchOf(input as Record<string, unknown>, {} as VideoSettings);
      const added = await c.storage.addVideo(
        { siteId, name, description, transcript, settings, fileId: null, thumbnailFileId: null },
        { files, audit: (after) => ({ siteId, actor, action: 'video.add', before: null, after: recorded(after) }) },
      );
      return videoView(added);
    },

    /** Removes a video with its files and the presence videos that show it (editors and up). */
    async removeVideo(actor: Actor, siteId: string, id: string): Promise<void> {
      await need(c, actor, siteId, 'editor');
      const gone = await c.storage.deleteVideo(siteId, id, (before) => ({
        siteId,
        actor,
        action: 'video.remove',
        before: recorded(before),
        after: null,
      }));
      if (!gone) throw notFound(id);
    },

    /**
     * Refuses, as a change of the video would be, an actor who may not change it (FORBIDDEN) or a video that is not the
     * site's (NOT_FOUND): an upload asks before a byte of its body is read.
     */
    async checkVideoChange(actor: Actor, siteId: string, id: string): Promise<void> {
      await need(c, actor, siteId, 'editor');
      await siteVideo(siteId, id);
    },

    /** Changes a video's name, description, transcript or embed settings (editors and up). */
    async editVideo(actor: Actor, siteId: string, id: string, input: unknown): Promise<VideoView> {
      await need(c, actor, siteId, 'editor');
      refuseIssues(videoProblems(input));
      const current = await siteVideo(siteId, id);
      const patch = patchOf(input as Record<string, unknown>, current.settings);
      const saved = await c.storage.updateVideo(siteId, id, patch, (before, after) => ({
        siteId,
        actor,
        action: 'video.edit',
        before: recorded(before),
        after: recorded(after),
      }));
      if (!saved) throw notFound(id);
      return videoView(saved);
    },

    /**
     * Stores an uploaded file as the video's file, poster or captions (editors and up), once checked (its size, its
     * type by content: uploads.ts): the file and the video's pointer to it are written in one transaction, with
     * the audit entry, replacing the file it had.
     */
    async setVideoFile(actor: Actor, siteId: string, id: string, kind: VideoFileKind, upload: VideoUpload): Promise<VideoView> {
      await need(c, actor, siteId, 'editor');
      await siteVideo(siteId, id);
      const file = await checkVideoUpload(kind, upload);
      const saved = await c.storage.setVideoFile(siteId, id, kind, file, (before, after) => ({
        siteId,
        actor,
        action: `video.${kind}`,
        before: recorded(before),
        after: recorded(after),
      }));
      if (!saved) throw notFound(id);
      return videoView(saved);
    },
  };
}
