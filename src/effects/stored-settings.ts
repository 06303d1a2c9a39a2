/**
 * The site's settings as stored for the next visit (issue 13: a repeat visit draws the launcher
 * at once), per API key: a page may change sites. Read back through the same checks as the API's
 * answers. Free of machines, so the launcher's first frame can use it.
 */
import { mergeAppearance, type Appearance } from '../../contract/appearance';
import type { SiteConfig } from '../../machines/site';
import { bool, obj, str } from '../api/schema';
import { settingsKey } from '../launcher-frame';
import { readItem, writeItem } from './storage';

const STORED = obj({ appearance: obj({}), config: obj({ agentPageAwareness: bool, interactiveAvatarId: str, referenceWebpage: str }) });

/** The settings stored on an earlier visit, checked as the API's answers are; null when none are usable. */
export function storedSettings(apiKey: string): { appearance: Appearance; config: SiteConfig } | null {
  try {
    const v: unknown = JSON.parse(readItem(settingsKey(apiKey)) ?? 'null');
    return STORED(v) ? { appearance: mergeAppearance(v.appearance), config: v.config } : null;
  } catch {
    return null;
  }
}

export const rememberSettings = (apiKey: string, settings: { appearance: Appearance; config: SiteConfig }) =>
  writeItem(settingsKey(apiKey), JSON.stringify(settings));

/** Where the visitor's choice to hide the page-awareness banner is stored, per site (API key). */
export const bannerKey = (apiKey: string) => `ai_chat_banner_dismissed_${apiKey}`;

/** The visitor hid the page-awareness banner on this site (storage that fails reads as not hidden). */
export const bannerDismissed = (apiKey: string) => readItem(bannerKey(apiKey)) === '1';

export const rememberBannerDismissed = (apiKey: string, dismissed: boolean) => writeItem(bannerKey(apiKey), dismissed ? '1' : null);
