/**
 * The documents' calls (docs/console.md "Documents"), built on the client's `request` in the documents screen's own
 * chunk, so that the first visit does not pay for them; an upload goes through ./upload.ts for its progress.
 */
import { bool, type ConsoleApi, idText, list, object, optional, str } from '../api';
import { sendFile } from './upload';

/** A footer button (widget-spec §3 "Smart doc footer button"). */
export interface FooterButton {
  id?: string;
  label: string;
  type: 'LINK' | 'BUTTON';
  url?: string;
  actionType?: string;
}

/** A document as the console shows it. */
export interface ConsoleDocument {
  id: string;
  name: string;
  type: string;
  versionNumber: number;
  embedToken: string;
  filename?: string;
  fileUrl?: string;
  hideDocHeader: boolean;
  hideDocFooter: boolean;
  hasText: boolean;
  slot: string;
  footerButtons: FooterButton[];
}

/** The fields of a document the console changes. */
export type DocumentFields = Pick<ConsoleDocument, 'name' | 'versionNumber' | 'hideDocHeader' | 'hideDocFooter'>;

const num = (v: unknown) => {
  if (typeof v !== 'number') throw new TypeError('not a number');
  return v;
};
const buttonType = (v: unknown): FooterButton['type'] => {
  if (v !== 'LINK' && v !== 'BUTTON') throw new TypeError('not a footer button type');
  return v;
};
const footerButton = object<FooterButton>({
  id: optional(idText),
  label: str,
  type: buttonType,
  url: optional(str),
  actionType: optional(str),
});
const consoleDocument = object<ConsoleDocument>({
  id: idText,
  name: str,
  type: str,
  versionNumber: num,
  embedToken: str,
  filename: optional(str),
  fileUrl: optional(str),
  hideDocHeader: bool,
  hideDocFooter: bool,
  hasText: bool,
  slot: str,
  footerButtons: list(footerButton),
});
const uploaded = object<{ document: ConsoleDocument; textProblem?: string }>({ document: consoleDocument, textProblem: optional(str) });

/** The documents' calls on top of `api`. */
export const documentsApi = (api: ConsoleApi, siteId: string) => {
  const site = `sites/${encodeURIComponent(siteId)}/documents`;
  /** Uploads `file` to `path` with the session's CSRF token, reporting progress. */
  const upload = async (path: string, file: File, onProgress: (fraction: number) => void) => {
    const { csrfToken } = await api.session();
    return uploaded(await sendFile({ url: `/console/api/${path}`, file, filename: file.name, csrfToken, onProgress }));
  };
  return {
    list: () => api.request('GET', site, list(consoleDocument)),
    add: (file: File, onProgress: (fraction: number) => void) => upload(site, file, onProgress),
    addVersion: (id: string, file: File, onProgress: (fraction: number) => void) =>
      upload(`${site}/${encodeURIComponent(id)}/versions`, file, onProgress),
    update: (id: string, fields: DocumentFields) => api.request('PATCH', `${site}/${encodeURIComponent(id)}`, consoleDocument, fields),
    setFooterButtons: (id: string, buttons: FooterButton[]) =>
      api.request('PUT', `${site}/${encodeURIComponent(id)}/footer-buttons`, list(footerButton), { buttons }),
  };
};

export type DocumentsApi = ReturnType<typeof documentsApi>;
