/**
 * `AIChatWidget.setAppearance(fields)` (docs/embedding.md "Programmatic API"): the operator console's live
 * preview, a chunk of its own loaded by the first call, so the text chat carries only the call.
 *
 * The fields are checked as the site's appearance is (contract/appearance.ts `mergeAppearance`: what is not
 * valid is dropped) and laid over the site's own appearance, which the site machine is then told to show
 * (`SETTINGS.SHOW`): the launcher, the bubble and the window follow it as they follow a load of the
 * settings. Nothing is stored: the site's settings are stored for the next visit only as they load
 * (`settings.loaded`), and a load brings the site's own appearance, over which the preview is laid again.
 * `null` (or anything but an object) shows the site's own again.
 */
import { mergeAppearance, type Appearance } from '../contract/appearance';
import type { SiteActor } from '../machines/site';

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `own` with the valid ones of `fields` laid over it (a new object; `own` is left as it is). */
export function overlay(own: Appearance, fields: Plain): Appearance {
  const dropped = new Set<string>();
  mergeAppearance(fields, (name) => dropped.add(name));
  const lay = (into: Plain, from: Plain, prefix: string): Plain => {
    const out = { ...into };
    for (const [key, value] of Object.entries(from)) {
      const name = prefix + key;
      if (!dropped.has(name)) out[key] = isPlain(into[key]) ? lay(into[key], value as Plain, `${name}.`) : value;
    }
    return out;
  };
  return lay(own as unknown as Plain, fields, '') as unknown as Appearance;
}

/** A widget's preview: the site's own appearance, the fields previewed (null for none), and the appearance shown for them. */
interface Preview {
  own: Appearance;
  fields: Plain | null;
  shown: Appearance | null;
}

/** Per widget (its site machine). */
const previews = new WeakMap<SiteActor, Preview>();

const show = (site: SiteActor, p: Preview) => {
  p.shown = p.fields && overlay(p.own, p.fields);
  site.send({ type: 'SETTINGS.SHOW', appearance: p.shown ?? p.own });
};

/** Shows `fields` over the site's own appearance on this widget, until the next call; null for the site's own. */
export function preview(site: SiteActor, fields: unknown): void {
  let p = previews.get(site);
  if (!p) {
    const state: Preview = { own: site.getSnapshot().context.appearance, fields: null, shown: null };
    p = state;
    previews.set(site, state);
    // an appearance the preview did not set is the site's own (its settings loaded): the preview goes over it again
    site.subscribe(({ context: { appearance } }) => {
      if (appearance === state.shown || appearance === state.own) return;
      state.own = appearance;
      if (state.fields) show(site, state);
    });
  }
  p.fields = isPlain(fields) ? fields : null;
  show(site, p);
}
