/**
 * The calls and loads of the host-page slots (widget-spec §7, §8): the smart-doc boot
 * with the API key and its footer buttons, the video boot, and a document's content
 * by its file URL. Every answer is checked before use; every failure has §8's text.
 *
 * This module is in the viewers' chunk, which takes the launcher's HTTP layer as a
 * value: importing the launcher's schema helpers would split them into a chunk of
 * their own on the launcher's path, so the checks here are written out.
 */
import { fromPromise } from 'xstate';
import type { DocView, FooterButton, SlotItem, SlotKind, SmartDoc, VideoItem } from '../../machines/slot';
import type { Http } from '../api/client';
import { BOOT_TEXT, DOCUMENT_FAILED, FETCH_FAILURE, ORIGIN_REQUIRED } from '../embeds/messages';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): v is string => typeof v === 'string';
const flag = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

/**
 * A URL the viewer may load or link: http(s) only, resolved against the service's base
 * (the reference server gives paths); '' for anything else, shown as "not available".
 */
export function resourceUrl(value: unknown, base: string): string {
  if (!text(value) || !value.trim()) return '';
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** widget-spec §3 "Smart doc response" → smartDoc, or null when it is not one. */
export function readSmartDoc(v: unknown, base: string): SmartDoc | null {
  if (!isObject(v) || !text(v.smartDocId) || !text(v.name) || !text(v.type) || typeof v.versionNumber !== 'number') return null;
  const settings = isObject(v.embedSettings) ? v.embedSettings : {};
  return {
    smartDocId: v.smartDocId,
    name: v.name,
    type: v.type,
    versionNumber: v.versionNumber,
    fileUrl: resourceUrl(v.fileUrl, base),
    embedSettings: { hideDocHeader: flag(settings.hideDocHeader, false), hideDocFooter: flag(settings.hideDocFooter, false) },
  };
}

/** widget-spec §3 "Smart doc footer button": LINKs with a usable URL and BUTTONs with an action; others are dropped. */
export function readFooterButtons(v: unknown, base: string): FooterButton[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((b): FooterButton[] => {
    if (!isObject(b) || !text(b.id) || !text(b.label)) return [];
    if (b.type === 'LINK') {
      const url = resourceUrl(b.url, base);
      return url ? [{ id: b.id, label: b.label, type: 'LINK', url }] : [];
    }
    return b.type === 'BUTTON' && text(b.actionType) ? [{ id: b.id, label: b.label, type: 'BUTTON', actionType: b.actionType }] : [];
  });
}

/** widget-spec §3 "Video response" → video, or null when it is not one. */
export function readVideo(v: unknown, base: string): VideoItem | null {
  if (!isObject(v) || !text(v.id) || !text(v.name)) return null;
  const s = isObject(v.embedSettings) ? v.embedSettings : {};
  return {
    id: v.id,
    name: v.name,
    description: text(v.description) ? v.description : '',
    videoUrl: resourceUrl(v.videoUrl, base),
    thumbnailUrl: resourceUrl(v.thumbnailUrl, base),
    captionsUrl: resourceUrl(v.captionsUrl, base),
    embedSettings: {
      hideVideoHeader: flag(s.hideVideoHeader, false),
      shareEnabled: flag(s.shareEnabled, false),
      askQuestionEnabled: flag(s.askQuestionEnabled, false),
      // a CSS hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa (5 or 7 digits are no colour)
      embedBrandColor:
        text(s.embedBrandColor) && /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.test(s.embedBrandColor) ? s.embedBrandColor : '',
      controls: flag(s.controls, true),
      autoplay: flag(s.autoplay, false),
      loop: flag(s.loop, false),
      mute: flag(s.mute, false),
    },
  };
}

/** A boot's JSON, or the §8 error for its status (a success false answer throws its own error, or the default). */
async function bootJson(kind: SlotKind, request: () => Promise<Response>): Promise<Json> {
  const t = BOOT_TEXT[kind];
  let res: Response;
  try {
    res = await request();
  } catch {
    throw new Error(t.failed);
  }
  if (res.status === 404) throw new Error(t.notFound);
  if (res.status === 400) throw new Error(ORIGIN_REQUIRED);
  if (!res.ok) throw new Error(`${t.status}: ${res.status}`);
  const body: unknown = await res.json().catch(() => null);
  if (!isObject(body) || body.success !== true) throw new Error(isObject(body) && text(body.error) && body.error ? body.error : t.failed);
  return body;
}

/** GET {base}smart-doc/{token}/footer-buttons: empty on 404 or any failure (widget-spec §7, §8). */
async function footerButtons(http: Http, token: string): Promise<FooterButton[]> {
  try {
    const res = await http.authed(`${http.base}smart-doc/${encodeURIComponent(token)}/footer-buttons`);
    if (res.ok) return readFooterButtons(await res.json(), http.base);
    if (res.status !== 404) console.warn(`AI chat widget: Failed to fetch footer buttons: ${res.status}`);
  } catch (err) {
    console.warn('AI chat widget: Failed to fetch footer buttons', err);
  }
  return [];
}

/** Boots a slot's item: GET {base}smart-doc/{token}/boot with the API key (then its footer buttons), or {base}video/{token}/boot. */
export const slotBoot = (http: Http) =>
  fromPromise<SlotItem, { kind: SlotKind; token: string }>(async ({ input: { kind, token } }) => {
    const path = `${http.base}${kind}/${encodeURIComponent(token)}/boot`;
    if (kind === 'video') {
      const body = await bootJson(kind, () => http.authed(path));
      const video = readVideo(body.video, http.base);
      if (!video) throw new Error(BOOT_TEXT.video.failed);
      return { kind, token, video };
    }
    const body = await bootJson(kind, () => http.doFetch(path, { headers: { 'X-API-Key': http.apiKey }, credentials: 'omit' }));
    const doc = readSmartDoc(body.smartDoc, http.base);
    if (!doc) throw new Error(BOOT_TEXT['smart-doc'].failed);
    return { kind, token, doc, footer: await footerButtons(http, token) };
  });

/** Markdown to render: the viewer renders it with the widget's own (lazily loaded) renderer. */
export interface MarkdownContent {
  text: string;
  Markdown: typeof import('../markdown/markdown-chunk').Markdown;
}

/**
 * Fetches a document's file by its URL and prepares it for its view: the text; markdown with
 * the renderer; a docx rendered safely (src/embeds/docx.ts, loaded on demand, with the markdown
 * renderer's link allow-list).
 */
export const documentContent = (doFetch: (url: string, init?: RequestInit) => Promise<Response> = (...a) => fetch(...a)) =>
  fromPromise<unknown, { view: DocView; url: string }>(async ({ input: { view, url } }) => {
    const failure = FETCH_FAILURE[view] ?? DOCUMENT_FAILED;
    let res: Response;
    try {
      res = await doFetch(url, { credentials: 'omit' });
    } catch {
      throw new Error(failure);
    }
    if (!res.ok) throw new Error(failure);
    if (view === 'docx') {
      // links keep the chat's allow-list: the markdown renderer's safeHref
      const [bytes, docx, markdown] = await Promise.all([
        res.arrayBuffer(),
        import('../embeds/docx'),
        import('../markdown/markdown-chunk'),
      ]);
      return docx.renderDocx(bytes, markdown.safeHref);
    }
    const body = await res.text();
    if (view !== 'markdown') return body;
    const { Markdown } = await import('../markdown/markdown-chunk');
    return { text: body, Markdown } satisfies MarkdownContent;
  });
