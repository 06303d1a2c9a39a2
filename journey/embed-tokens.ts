/**
 * The embed tokens the demo's embed routes put in their slots (journey-spec §2, §7).
 * The server writes them into the page as data attributes of the app's root element.
 */
import { createContext, useContext } from 'react';

export interface EmbedTokens {
  /** @default '' */
  smartDoc: string;
  /** The second viewer of /smart-doc-multiple. @default '' */
  smartDocSecond: string;
  /** @default '' */
  video: string;
}

export const NO_EMBED_TOKENS: EmbedTokens = { smartDoc: '', smartDocSecond: '', video: '' };

/** Reads `data-smart-doc-token`, `data-smart-doc-second-token` and `data-video-token` of an element. */
export function readEmbedTokens(el: HTMLElement | null): EmbedTokens {
  const d = el?.dataset ?? {};
  return { smartDoc: d.smartDocToken ?? '', smartDocSecond: d.smartDocSecondToken ?? '', video: d.videoToken ?? '' };
}

export const EmbedTokensContext = createContext<EmbedTokens>(NO_EMBED_TOKENS);
export const useEmbedTokens = () => useContext(EmbedTokensContext);
