/**
 * Sending a file to the console's API (docs/console.md "Uploads"): the file is the request's body, sent with
 * XMLHttpRequest so that its upload reports progress (fetch does not), with the session's CSRF header as every
 * change carries it. Generic: any upload route of the console (documents, videos, posters, captions) takes it.
 */
import { UPLOAD_KINDS, type UploadKind } from '../../contract/uploads';
import { ApiError, type ApiErrorCode } from '../api';

/** Why a file is refused before it is sent: larger than its kind's limit (the server refuses it too). */
export function tooLarge(kind: UploadKind, file: Pick<Blob, 'size'>): boolean {
  return file.size > UPLOAD_KINDS[kind].maxBytes;
}

/** The most bytes of a kind, in MB, for the words of a refusal. */
export const maxMegabytes = (kind: UploadKind) => Math.round(UPLOAD_KINDS[kind].maxBytes / (1024 * 1024));

/** What an upload needs. */
export interface SendFileOptions {
  /** The route, from the page's origin (`/console/api/sites/ID/documents`). */
  url: string;
  file: Blob;
  /** The file's name: it tells which text a text file is. */
  filename: string;
  /**
   * Where the route reads the name: `query` (`?filename=`, the documents') or `header` (`X-File-Name`,
   * percent-encoded, the videos').
   * @default 'query'
   */
  nameIn?: 'query' | 'header';
  /** @default 'POST' */
  method?: 'POST' | 'PUT';
  /** The session's CSRF token (`GET /console/api/session`). */
  csrfToken: string;
  /** From 0 to 1, as the bytes go out. */
  onProgress?: (fraction: number) => void;
  /** @default the browser's XMLHttpRequest */
  xhr?: () => XMLHttpRequest;
}

/** Sends `file`; the route's JSON answer, or an `ApiError` with the server's code, field and message. */
export function sendFile(options: SendFileOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = options.xhr?.() ?? new XMLHttpRequest();
    const name = encodeURIComponent(options.filename);
    const sep = options.url.includes('?') ? '&' : '?';
    const inHeader = options.nameIn === 'header';
    xhr.open(options.method ?? 'POST', inHeader ? options.url : `${options.url}${sep}filename=${name}`);
    if (inHeader) xhr.setRequestHeader('X-File-Name', name);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRF-Token', options.csrfToken);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('NETWORK', 0));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        // no JSON: the status decides
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body);
      const code = (typeof body.error === 'string' ? body.error : xhr.status === 413 ? 'TOO_LARGE' : 'SERVER') as ApiErrorCode;
      const allowed = Array.isArray(body.allowed) ? body.allowed.join(', ') : undefined;
      const message = typeof body.message === 'string' ? body.message : undefined;
      reject(new ApiError(code, xhr.status, typeof body.field === 'string' ? body.field : undefined, allowed, undefined, message));
    };
    xhr.send(options.file);
  });
}
