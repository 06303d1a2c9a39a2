/**
 * The embed tokens the demo's embed routes put in their slots (journey-spec §2, §7).
 * The server writes them into the page as data attributes of the app's root element. The embed pages read them
 * there when they show (the attributes stay on the root after the first render replaces its children), so the
 * first visit carries none of this (issue 34 paid its first-visit bytes with it).
 */
import { useMemo } from 'react';

export interface EmbedTokens {
  /** @default '' */
  smartDoc: string;
  /** The second viewer of /smart-doc-multiple. @default '' */
  smartDocSecond: string;
  /** @default '' */
  video: string;
  /** Every demo document's token by its type (pdf, docx, md, txt, csv, other), for /smart-doc's switcher. @default {} */
  documents: Record<string, string>;
}

/** Reads `data-smart-doc-token`, `data-smart-doc-second-token`, `data-video-token` and `data-document-tokens` (`type=token …`) of an element. */
export function readEmbedTokens(el: HTMLElement | null): EmbedTokens {
  const d = el?.dataset ?? {};
  const documents: Record<string, string> = {};
  for (const pair of (d.documentTokens ?? '').split(/\s+/)) {
    const [type, token] = pair.split('=');
    if (type && token) documents[type] = token;
  }
  return { smartDoc: d.smartDocToken ?? '', smartDocSecond: d.smartDocSecondToken ?? '', video: d.videoToken ?? '', documents };
}

/** The page's embed tokens, read from the app's root element (`#app`). */
export const useEmbedTokens = () => useMemo(() => readEmbedTokens(document.getElementById('app')), []);
