/**
 * The appearance editor (issue: the operator console, "The appearance editor"; docs/console.md "The appearance
 * preview"): every field of widget-spec §3 in its group, the real widget beside them on a sample page showing the
 * draft, Save and Discard, and the versions kept. Its flow is machines/console-appearance.ts; this file draws it.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { mergeAppearance } from '../../contract/appearance';
import {
  consoleAppearanceMachine,
  fieldAt,
  selectCanSave,
  selectConfirm,
  selectDirty,
  selectDraft,
  selectError,
  selectPhase,
  selectPublished,
  selectVersions,
  selectViewing,
  type Fields,
} from '../../machines/console-appearance';
import { contrastWarnings, formatRatio, type ContrastWarning } from '../appearance/contrast';
import { type AppearanceApi, appearanceEffects } from '../appearance/effects';
import { FIELD_GROUPS, type FieldInfo, fieldProblems, fieldValue } from '../appearance/fields';
import { callPreview, showDraft } from '../appearance/preview-widget';
import { fieldLabel, GROUP_TITLES, WORDS_EN as W } from '../appearance/words';
import { ConfirmDialog, Heading } from '../ui';
import css from './appearance.css' with { type: 'text' };
import { adoptScreenStyles } from '../screen-styles';

type EditorRef = ActorRefFrom<typeof consoleAppearanceMachine>;

/** The preview's sample page: a desktop's (wider than widget-spec §9's 768 px phone limit) and a phone's. */
const PREVIEW_DESKTOP = { width: 1280, height: 800 };
const PREVIEW_PHONE = { width: 390, height: 760 };

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
};

const shown = (v: unknown) => (typeof v === 'string' ? v || '""' : String(v));

export interface AppearanceScreenProps {
  siteId: string;
  api: AppearanceApi;
  /**
   * The app router's leave guard, where it offers one: called while the draft has unsaved changes, so that going
   * elsewhere in the app asks first (in the app's own dialog); returns its removal.
   */
  guardLeave?: () => () => void;
  /**
   * Whether the signed-in account may change the appearance (an editor or an owner); a viewer sees the fields,
   * the preview and the versions, and changes nothing. @default true
   */
  canEdit?: boolean;
}

/** The appearance editor of one site. */
export function AppearanceScreen({ siteId, api, guardLeave, canEdit = true }: AppearanceScreenProps) {
  adoptScreenStyles(css);
  const actor = useActorRef(consoleAppearanceMachine.provide({ actors: appearanceEffects(api) }), {
    input: { siteId, isValid: (d: Fields) => fieldProblems(d).size === 0 },
  });
  const phase = useSelector(actor, selectPhase);
  const dirty = useSelector(actor, selectDirty);

  // leaving with unsaved changes asks: closing or reloading the tab, and the app's own navigation
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    const unguard = guardLeave?.();
    return () => {
      window.removeEventListener('beforeunload', ask);
      unguard?.();
    };
  }, [dirty, guardLeave]);

  return (
    <div className="appearance" data-part="appearance">
      <Heading>{W.title}</Heading>
      {phase === 'loading' ? (
        <p role="status" data-part="loading">
          {W.loading}
        </p>
      ) : phase === 'failed' ? (
        <div role="alert">
          <p>{W.errors.LOAD_FAILED}</p>
          <button type="button" onClick={() => actor.send({ type: 'EDITOR.RELOAD' })}>
            {W.retry}
          </button>
        </div>
      ) : (
        <>
          {canEdit ? <Toolbar actor={actor} /> : <p className="appearance__status">{W.readOnly}</p>}
          <Confirmation actor={actor} />
          <div className="appearance__body">
            <Fieldsets actor={actor} readOnly={!canEdit} />
            <Preview actor={actor} siteId={siteId} />
          </div>
          <Versions actor={actor} canRestore={canEdit} />
        </>
      )}
    </div>
  );
}

function Toolbar({ actor }: { actor: EditorRef }) {
  const phase = useSelector(actor, selectPhase);
  const dirty = useSelector(actor, selectDirty);
  const canSave = useSelector(actor, selectCanSave);
  const published = useSelector(actor, selectPublished);
  const error = useSelector(actor, selectError);
  return (
    <div className="appearance__toolbar" data-part="toolbar">
      <p className="appearance__status" role="status">
        {published && W.published(published.version, published.savedAt && when(published.savedAt), published.savedBy)}
        {dirty && <strong className="appearance__dirty"> {W.unsaved}</strong>}
      </p>
      <div className="appearance__actions">
        <button type="button" className="button button--primary" disabled={!canSave} onClick={() => actor.send({ type: 'DRAFT.SAVE' })}>
          {phase === 'saving' ? W.saving : W.save}
        </button>
        <button
          type="button"
          className="button"
          disabled={!dirty || phase !== 'editing'}
          onClick={() => actor.send({ type: 'DRAFT.DISCARD' })}
        >
          {W.discard}
        </button>
      </div>
      {error && (
        <div className="appearance__error" role="alert">
          <p>{W.errors[error]}</p>
          {error === 'CONFLICT' && (
            <button type="button" className="button" onClick={() => actor.send({ type: 'EDITOR.RELOAD' })}>
              {W.reload}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** Discard's and Restore's question, in the console's modal dialog (the focus inside, Escape cancels, the focus back after). */
function Confirmation({ actor }: { actor: EditorRef }) {
  const confirm = useSelector(actor, selectConfirm);
  const phase = useSelector(actor, selectPhase);
  const dirty = useSelector(actor, selectDirty);
  if (phase !== 'confirming' || !confirm) return null;
  const discard = confirm.kind === 'discard';
  return (
    <ConfirmDialog
      title={discard ? W.confirmDiscardTitle : W.confirmRestoreTitle(confirm.version)}
      text={discard ? W.confirmDiscard : `${W.confirmRestore}${dirty ? ` ${W.confirmRestoreDirty}` : ''}`}
      confirm={discard ? W.discard : W.restoreShort}
      onConfirm={() => actor.send({ type: 'CONFIRM.YES' })}
      onCancel={() => actor.send({ type: 'CONFIRM.NO' })}
    />
  );
}

function Fieldsets({ actor, readOnly }: { actor: EditorRef; readOnly: boolean }) {
  const draft = useSelector(actor, selectDraft);
  const phase = useSelector(actor, selectPhase);
  const problems = useMemo(() => fieldProblems(draft), [draft]);
  const warnings = useMemo(() => contrastWarnings((p) => fieldValue(draft, p)), [draft]);
  const busy = readOnly || phase === 'saving' || phase === 'restoring';
  return (
    <form className="appearance__fields" data-part="fields" onSubmit={(e) => e.preventDefault()} aria-label={W.title}>
      {FIELD_GROUPS.map((group, i) => (
        <details key={group.id} className="appearance__group" open={i === 0}>
          <summary>{GROUP_TITLES[group.id]}</summary>
          <fieldset disabled={busy}>
            <legend className="visually-hidden">{GROUP_TITLES[group.id]}</legend>
            {group.fields.map((f) => (
              <Field
                key={f.path}
                field={f}
                value={fieldAt(draft, f.path)}
                problem={problems.get(f.path)}
                warnings={warnings.get(f.path)}
                send={actor.send}
              />
            ))}
          </fieldset>
        </details>
      ))}
    </form>
  );
}

interface FieldProps {
  field: FieldInfo;
  /** The draft's value; undefined when the field is at its default. */
  value: unknown;
  problem: string | undefined;
  warnings: ContrastWarning[] | undefined;
  send: EditorRef['send'];
}

function Field({ field, value, problem, warnings, send }: FieldProps) {
  const id = useId();
  const label = fieldLabel(field.path);
  const set = (v: unknown) => send({ type: 'FIELD.SET', path: field.path, value: v });
  const reset = () => send({ type: 'FIELD.RESET', path: field.path });
  const notes =
    [problem && `${id}-problem`, warnings?.length && `${id}-contrast`, field.unit && `${id}-unit`].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': notes };
  const d = String(field.default);
  let control: ReactNode;
  switch (field.input) {
    case 'color': {
      const text = typeof value === 'string' ? value : '';
      const picker = /^#[0-9a-f]{6}$/i.test(text) ? text : /^#[0-9a-f]{6}$/i.test(d) ? d : '#000000';
      control = (
        <span className="field__colour">
          <input type="color" aria-label={`${label}: picker`} value={picker.toLowerCase()} onInput={(e) => set(e.currentTarget.value)} />
          <input
            {...common}
            type="text"
            spellcheck={false}
            autoComplete="off"
            placeholder={W.defaultIs(d)}
            value={text}
            onInput={(e) => (e.currentTarget.value ? set(e.currentTarget.value) : reset())}
          />
        </span>
      );
      break;
    }
    case 'number':
      control = (
        <span className="field__number">
          <input
            {...common}
            type="number"
            inputMode="decimal"
            step={field.step}
            min={field.min}
            max={field.max}
            placeholder={W.defaultPlaceholder(d)}
            value={typeof value === 'number' ? value : ''}
            onInput={(e) => {
              const raw = e.currentTarget.value;
              const n = Number(raw);
              if (raw === '') reset();
              else if (Number.isFinite(n)) set(n);
            }}
          />
          {field.unit && <span id={`${id}-unit`}>{field.unit}</span>}
        </span>
      );
      break;
    case 'enum':
      control = (
        <select
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => (e.currentTarget.value ? set(e.currentTarget.value) : reset())}
        >
          <option value="">{W.defaultPlaceholder(d)}</option>
          {field.values?.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      );
      break;
    case 'boolean':
      control = (
        <input
          {...common}
          type="checkbox"
          checked={typeof value === 'boolean' ? value : field.default === true}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
      break;
    case 'long-text':
      control = (
        <textarea
          {...common}
          rows={3}
          spellcheck={false}
          placeholder={W.defaultPlaceholder(d || '—')}
          value={typeof value === 'string' ? value : ''}
          onInput={(e) => (e.currentTarget.value ? set(e.currentTarget.value) : reset())}
        />
      );
      break;
    default:
      control = (
        <input
          {...common}
          type="text"
          placeholder={W.defaultPlaceholder(d || '—')}
          value={typeof value === 'string' ? value : ''}
          onInput={(e) => (e.currentTarget.value ? set(e.currentTarget.value) : reset())}
        />
      );
  }
  return (
    <div className="field" data-part="field" data-kind={field.input} data-field={field.path} data-invalid={problem ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      <div className="field__control">
        {control}
        {value !== undefined && (
          <button type="button" className="button button--small" aria-label={`${W.resetToDefault}: ${label}`} onClick={reset}>
            {W.resetToDefault}
          </button>
        )}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="field__problem">
          {problem}
        </p>
      )}
      {!!warnings?.length && (
        <p id={`${id}-contrast`} className="field__warning">
          {warnings.map((w) => W.contrast(formatRatio(w.ratio), w.other.startsWith('#') ? W.whiteIcon : fieldLabel(w.other))).join(' ')}
        </p>
      )}
    </div>
  );
}

function Preview({ actor, siteId }: { actor: EditorRef; siteId: string }) {
  const draft = useSelector(actor, selectDraft);
  const frame = useRef<HTMLIFrameElement>(null);
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState(false);
  // the sample page at a desktop's width or a phone's, scaled down to the column when it is narrower: the widget
  // lays itself out for a phone at 768 px and under (widget-spec §9), so the desktop look needs a wide page
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setBoxWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const page = phone ? PREVIEW_PHONE : PREVIEW_DESKTOP;
  const scale = boxWidth ? Math.min(1, boxWidth / page.width) : 1;
  const latest = useRef({ draft, open });
  latest.current = { draft, open };
  const win = () => frame.current?.contentWindow;
  // the page's script has run once its frame has loaded: the whole appearance, defaults filled (a field reset here
  // must not fall back to the site's saved value), and the window open or closed
  const showAll = () => showDraft(win(), mergeAppearance(latest.current.draft), latest.current.open);

  // each change as the machine takes it, before the editor renders it: the preview shows a keystroke within one
  // frame (docs/console.md "The appearance preview")
  useEffect(() => {
    let last = selectDraft(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const next = selectDraft(snapshot);
      if (next === last) return;
      last = next;
      callPreview(win(), 'setAppearance', mergeAppearance(next));
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  useEffect(() => callPreview(win(), open ? 'open' : 'close'), [open]);

  return (
    <section className="appearance__preview" data-part="preview" aria-label={W.preview} data-phone={phone ? '' : undefined}>
      <h2 className="visually-hidden">{W.preview}</h2>
      <div className="appearance__toggles">
        <label>
          <input type="checkbox" checked={open} onChange={(e) => setOpen(e.currentTarget.checked)} /> {W.previewOpen}
        </label>
        <label>
          <input type="checkbox" checked={phone} onChange={(e) => setPhone(e.currentTarget.checked)} /> {W.previewPhone}
        </label>
      </div>
      <div ref={box} className="appearance__frame" style={{ height: `${Math.round(page.height * scale)}px` }}>
        <iframe
          ref={frame}
          onLoad={showAll}
          title={W.previewTitle}
          src={`/console/preview?site=${encodeURIComponent(siteId)}`}
          style={{ width: `${page.width}px`, height: `${page.height}px`, transform: scale < 1 ? `scale(${scale})` : 'none' }}
        />
      </div>
    </section>
  );
}

function Versions({ actor, canRestore }: { actor: EditorRef; canRestore: boolean }) {
  const versions = useSelector(actor, selectVersions);
  const published = useSelector(actor, selectPublished);
  const viewing = useSelector(actor, selectViewing);
  const phase = useSelector(actor, selectPhase);
  const idle = phase === 'editing' || phase === 'viewing';
  return (
    <section className="appearance__versions" data-part="versions" aria-labelledby="appearance-versions">
      <h2 id="appearance-versions">{W.versions}</h2>
      <div className="appearance__table" tabIndex={0} role="region" aria-labelledby="appearance-versions">
        <table>
          <thead>
            <tr>
              <th scope="col">{W.versionCols.version}</th>
              <th scope="col">{W.versionCols.when}</th>
              <th scope="col">{W.versionCols.who}</th>
              <th scope="col">{W.versionCols.from}</th>
              <th scope="col">{W.versionCols.actions}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <th scope="row">
                  {v.version}
                  {v.version === published?.version && ` (${W.current})`}
                </th>
                <td>{when(v.savedAt)}</td>
                <td>{v.savedBy ?? ''}</td>
                <td>{v.restoredFrom ?? ''}</td>
                <td>
                  <div className="appearance__row-actions">
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={W.view(v.version)}
                      disabled={!idle}
                      onClick={() => actor.send({ type: 'VERSION.VIEW', version: v.version })}
                    >
                      {W.viewShort}
                    </button>
                    {canRestore && v.version !== published?.version && (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={W.restore(v.version)}
                        disabled={!idle}
                        onClick={() => actor.send({ type: 'VERSION.RESTORE', version: v.version })}
                      >
                        {W.restoreShort}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {viewing && (
        <VersionFields
          actor={actor}
          version={viewing.version}
          fields={viewing.appearance}
          canRestore={canRestore && viewing.version !== published?.version}
        />
      )}
    </section>
  );
}

/** The fields a version set (the rest were at their defaults). */
function VersionFields({
  actor,
  version,
  fields,
  canRestore,
}: {
  actor: EditorRef;
  version: number;
  fields: Fields | null;
  canRestore: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [version]);
  const set = fields ? FIELD_GROUPS.flatMap((g) => g.fields).filter((f) => fieldAt(fields, f.path) !== undefined) : [];
  return (
    <div className="appearance__version" data-part="version">
      <h3 ref={heading} tabIndex={-1}>
        {W.viewingTitle(version)}
      </h3>
      {fields === null ? (
        <p role="status">{W.loading}</p>
      ) : set.length === 0 ? (
        <p>{W.viewingDefaults}</p>
      ) : (
        <dl>
          {set.map((f) => (
            <div key={f.path}>
              <dt>{fieldLabel(f.path)}</dt>
              <dd>{shown(fieldAt(fields, f.path))}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="appearance__actions">
        {canRestore && (
          <button type="button" className="button" onClick={() => actor.send({ type: 'VERSION.RESTORE', version })}>
            {W.restore(version)}
          </button>
        )}
        <button type="button" className="button" onClick={() => actor.send({ type: 'VERSION.CLOSE' })}>
          {W.close}
        </button>
      </div>
    </div>
  );
}
