/**
 * A site's videos, action buttons and presence videos (docs/console.md "Videos, action buttons and presence videos"):
 * the calls, built on the client's `request` here rather than in console/api.ts, so that only these screens' chunks
 * pay for them; and a file's upload, sent as it is (its type is told by its bytes on the server) with its progress.
 */
import type { VideoEmbedSettings } from '../../contract/embeds';
import { sendFile } from '../content/upload';
import { ApiError, type ApiErrorCode, bool, type ConsoleApi, idText, list, object, optional, str } from '../api';

export interface ActionButton {
  id: string;
  path: string;
  name: string;
  buttonType: 'ACTION' | 'EXTERNAL_LINK';
  externalUrl?: string;
  actionMessage?: string;
}
/** What is sent to add or edit a button. */
export type ButtonInput = Omit<ActionButton, 'id'>;
const buttonType = (v: unknown): ActionButton['buttonType'] => (v === 'EXTERNAL_LINK' || v === 'ACTION' ? v : (str(null) as never));
const button = object<ActionButton>({
  id: idText,
  path: str,
  name: str,
  buttonType,
  externalUrl: optional(str),
  actionMessage: optional(str),
});

export interface Presence {
  id: string;
  path: string;
  videoId: string;
  videoName: string;
  content: string;
}
const presence = object<Presence>({ id: idText, path: str, videoId: idText, videoName: str, content: str });

export interface VideoFile {
  filename: string;
  url: string;
}
const videoFile = optional(object<VideoFile>({ filename: str, url: str }));

export type VideoKind = 'video' | 'poster' | 'captions';

export interface Video {
  id: string;
  name: string;
  description: string;
  transcript: string;
  embedToken: string;
  settings: VideoEmbedSettings;
  /** the host page's slot (docs/embedding.md), with its token */
  snippet: string;
  video?: VideoFile;
  poster?: VideoFile;
  captions?: VideoFile;
}
const settings = (v: unknown): VideoEmbedSettings => {
  const o = object<Record<string, unknown>>({})(v) && (v as Record<string, unknown>);
  const flag = (k: string) => bool(o[k]);
  return {
    hideVideoHeader: flag('hideVideoHeader'),
    shareEnabled: flag('shareEnabled'),
    askQuestionEnabled: flag('askQuestionEnabled'),
    embedBrandColor: str(o.embedBrandColor),
    controls: flag('controls'),
    autoplay: flag('autoplay'),
    loop: flag('loop'),
    mute: flag('mute'),
  };
};
const video = object<Video>({
  id: idText,
  name: str,
  description: str,
  transcript: str,
  embedToken: str,
  settings,
  snippet: str,
  video: videoFile,
  poster: videoFile,
  captions: videoFile,
});

/** The calls on top of `api`. */
export const mediaApi = (client: ConsoleApi, siteId: string) => {
  const { request } = client;
  const site = `sites/${encodeURIComponent(siteId)}`;
  const item = (kind: string, id: string) => `${site}/${kind}/${encodeURIComponent(id)}`;
  return {
    buttons: () => request('GET', `${site}/buttons`, list(button)),
    addButton: (input: ButtonInput) => request('POST', `${site}/buttons`, button, input),
    editButton: (id: string, input: ButtonInput) => request('PUT', item('buttons', id), button, input),
    removeButton: (id: string) => request('DELETE', item('buttons', id), null),
    /** One path's buttons in a new order (409 CONFLICT when they changed meanwhile). */
    reorderButtons: (path: string, ids: string[]) => request('POST', `${site}/buttons/reorder`, list(button), { path, ids }),

    presence: () => request('GET', `${site}/presence`, list(presence)),
    addPresence: (input: { path: string; videoId: string; content: string }) => request('POST', `${site}/presence`, presence, input),
    removePresence: (id: string) => request('DELETE', item('presence', id), null),

    videos: () => request('GET', `${site}/videos`, list(video)),
    addVideo: (name: string) => request('POST', `${site}/videos`, video, { name }),
    removeVideo: (id: string) => request('DELETE', item('videos', id), null),
    editVideo: (id: string, input: Partial<Pick<Video, 'name' | 'description' | 'transcript' | 'settings'>>) =>
      request('PATCH', item('videos', id), video, input),
    /** The session's CSRF token, for an upload (asked afresh: the client keeps its own to itself). */
    csrfToken: () => client.session().then((s) => s.csrfToken),
    /** The path a file of `kind` is uploaded to. */
    uploadPath: (id: string, kind: VideoKind) => `${item('videos', id)}/${kind}`,
  };
};

/** The refusals of an upload that keep their code; any other is `INVALID` (4xx) or `SERVER`. */
const UPLOAD_CODES = ['TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'INVALID', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED', 'CSRF', 'NETWORK'];

/**
 * Sends `file` as the body of `PUT /console/api/<path>` (console/content/upload.ts, the name in `X-File-Name`), with
 * the session's CSRF token, reporting the share sent (0 to 1); resolves with the video as saved, or rejects with an
 * `ApiError` of the server's code (413 `TOO_LARGE`, 415 `UNSUPPORTED_MEDIA_TYPE`, 400 `INVALID`) and the field.
 */
export async function uploadFile(
  path: string,
  file: Blob & { name?: string },
  csrfToken: string,
  onProgress: (share: number) => void,
): Promise<Video> {
  let body: unknown;
  try {
    body = await sendFile({
      url: `/console/api/${path}`,
      method: 'PUT',
      nameIn: 'header',
      file,
      filename: file.name ?? '',
      csrfToken,
      onProgress,
    });
  } catch (e) {
    const { code, status, field } = e as ApiError;
    throw UPLOAD_CODES.includes(code) ? e : new ApiError((status < 500 ? 'INVALID' : 'SERVER') as ApiErrorCode, status, field);
  }
  return video(body);
}
