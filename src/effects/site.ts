/**
 * The browser's effects of the site machine (machines/site.ts): the site's
 * settings, the page's presence video, the greeting flag, the host page's path
 * and viewport, and (for its window) what lies under the bubble. Tests provide
 * fakes for the same actors.
 */
import { fromPromise } from 'xstate';
import { selectBannerDismissed, type Outcome, type SettingsError, type SettingsResult, type SiteActor } from '../../machines/site';
import { windowMachine, type PresenceBubble } from '../../machines/window';
import { ApiError, type CoreClient, type Http } from '../api/client';
import { arr, nullable, obj, optional, str } from '../api/schema';
import { bubbleWatcher, pathWatcher, viewportWatcher } from './host-page';
import { defaultMessageKey, readItem, writeItem } from './storage';
import { rememberBannerDismissed } from './stored-settings';

const outcome = <T>(r: PromiseSettledResult<T>): Outcome<T> => {
  if (r.status === 'fulfilled') return { ok: true, value: r.value };
  const code = r.reason instanceof ApiError ? r.reason.code : 'FAILED';
  const known: SettingsError = code === 'INVALID_API_KEY' || code === 'INVALID_CONFIGURATION' ? code : 'FAILED';
  return { ok: false, code: known, error: r.reason };
};

/** GET {api}/appearance and {api}/config at once; each outcome is reported, neither throws. */
export const settingsLoader = (client: Pick<CoreClient, 'appearance' | 'config'>) =>
  fromPromise<SettingsResult>(async () => {
    const [appearance, config] = await Promise.allSettled([client.appearance(), client.config()]);
    return { appearance: outcome(appearance), config: outcome(config) };
  });

const PRESENCE = obj({
  history: arr(
    obj({
      type: optional(str),
      source: optional(nullable(str)),
      content: str,
      videoUrl: optional(nullable(str)),
      captionsUrl: optional(nullable(str)),
    }),
  ),
});

/** The page's point-of-presence video (it comes first in the page's history, widget-spec §7), as a bubble; null when it has none. */
export const presenceFinder = (http: Http, userSessionId: string) =>
  fromPromise<PresenceBubble | null, { path: string }>(async ({ input }) => {
    const h = await http.call(`${http.api}/chat/history?${http.q({ userSessionId, path: input.path })}`, {}, PRESENCE, '');
    const v = h.history.find((m) => m.type === 'VIDEO' && m.source === 'POINT_OF_PRESENCE' && m.videoUrl);
    return v ? { text: v.content, videoUrl: v.videoUrl!, captionsUrl: v.captionsUrl ?? undefined } : null;
  });

export { rememberSettings, storedSettings } from './stored-settings';

/** Stores the visitor's choice about the page-awareness banner, per site, as it changes (kept for the next visit). */
export function keepBannerChoice(site: Pick<SiteActor, 'getSnapshot' | 'subscribe'>, apiKey: string) {
  let hidden = selectBannerDismissed(site.getSnapshot());
  return site.subscribe((s) => {
    if (selectBannerDismissed(s) === hidden) return;
    hidden = selectBannerDismissed(s);
    rememberBannerDismissed(apiKey, hidden);
  });
}

/** widget-spec §3: whether this visitor was greeted before (the per-user default-message flag). */
export const wasGreeted = (userSessionId: string) => readItem(defaultMessageKey(userSessionId)) !== null;

/**
 * Every effect of the site machine, for `siteMachine.provide({ actors })`, its window's included; `widget` is the
 * widget's element (its bubble is drawn in its shadow root).
 */
export function siteEffects(deps: { client: CoreClient; http: Http; userSessionId: string; widget: Element }) {
  return {
    loadSettings: settingsLoader(deps.client),
    presence: presenceFinder(deps.http, deps.userSessionId),
    rememberGreeting: fromPromise<void>(async () => writeItem(defaultMessageKey(deps.userSessionId), '1')),
    pathWatcher: pathWatcher(),
    viewport: viewportWatcher(),
    window: windowMachine.provide({ actors: { bubbleOverlap: bubbleWatcher(deps.widget) } }),
  };
}
