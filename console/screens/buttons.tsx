/**
 * A site's action buttons per page path and its presence videos per path (issue 33 §1; widget-spec §3, §7): viewers
 * see them, editors add, edit, reorder and remove. Each form is checked as it is sent with the server's own rules
 * (contract/media-fields.ts), so a mistake shows at its field before a call; the server refuses in the same words.
 */
import { useEffect, useRef, useState } from 'react';
import { actionButtonProblems, type MediaIssue, presenceProblems } from '../../contract/media-fields';
import type { ActionButton, ButtonInput, Presence } from '../media/api';
import { fieldErrors, useMediaApi } from '../media/fields';
import css from '../media/media.css' with { type: 'text' };
import { M } from '../media/words';
import { W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import { ConfirmDialog, ErrorText, Field, Heading, LoadState, useLoad, useTask } from '../ui';
import type { ScreenProps } from '.';

type Api = ReturnType<typeof useMediaApi>;

/** The buttons by path, each path's in their order, the paths in the order their first button comes. */
function byPath(buttons: readonly ActionButton[]): [string, ActionButton[]][] {
  const groups = new Map<string, ActionButton[]>();
  for (const b of buttons) groups.set(b.path, [...(groups.get(b.path) ?? []), b]);
  return [...groups];
}

export function ButtonsScreen(props: Pick<ScreenProps, 'siteId' | 'api' | 'canEdit'>) {
  adoptScreenStyles(css);
  const api = useMediaApi(props);
  return (
    <section data-part="screen" data-screen="buttons">
      <Heading>{W.screens.buttons}</Heading>
      <ActionButtons api={api} canEdit={props.canEdit} />
      <PresenceVideos api={api} canEdit={props.canEdit} />
    </section>
  );
}

function ActionButtons({ api, canEdit }: { api: Api; canEdit: boolean }) {
  const buttons = useLoad(() => api.buttons());
  const [editing, setEditing] = useState<ActionButton | null>(null);
  const remove = useTask((b: ActionButton) => api.removeButton(b.id));
  const move = useTask((input: { path: string; ids: string[] }) => api.reorderButtons(input.path, input.ids));
  const [removing, setRemoving] = useState<ActionButton | null>(null);
  const reload = buttons.again;
  useEffect(() => {
    if (remove.phase === 'done' || move.phase === 'done' || move.phase === 'failed') reload();
  }, [remove.phase, move.phase, reload]);
  const moved = (list: ActionButton[], i: number, by: number) => {
    const ids = list.map((b) => b.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    remove.reset();
    move.run({ path: list[0]!.path, ids });
  };
  return (
    <section aria-labelledby="buttons-title" data-part="card">
      <h2 id="buttons-title">{M.buttonsTitle}</h2>
      <p data-part="hint">{M.buttonsHint}</p>
      <ErrorText error={remove.error ?? move.error} />
      {!buttons.data ? (
        <LoadState {...buttons} />
      ) : buttons.data.length === 0 ? (
        <p>{M.noButtons}</p>
      ) : (
        byPath(buttons.data).map(([path, list]) => (
          <section key={path} aria-label={M.buttonsOn(path)} data-part="path-group">
            <h3>
              <code>{path}</code>
            </h3>
            <ol data-part="items">
              {list.map((b, i) => (
                <li key={b.id}>
                  <span data-part="item-text">
                    <strong>{b.name}</strong>{' '}
                    <span data-part="hint">
                      {M.target(b.buttonType, (b.buttonType === 'EXTERNAL_LINK' ? b.externalUrl : b.actionMessage) ?? '')}
                    </span>
                  </span>
                  {canEdit && (
                    <span data-part="item-actions">
                      {list.length > 1 && (
                        <>
                          <button
                            type="button"
                            aria-label={M.moveUp(b.name)}
                            disabled={i === 0 || move.phase === 'running'}
                            onClick={() => moved(list, i, -1)}
                          >
                            {M.up}
                          </button>
                          <button
                            type="button"
                            aria-label={M.moveDown(b.name)}
                            disabled={i === list.length - 1 || move.phase === 'running'}
                            onClick={() => moved(list, i, 1)}
                          >
                            {M.down}
                          </button>
                        </>
                      )}
                      <button type="button" aria-label={M.editNamed(b.name)} onClick={() => setEditing(b)}>
                        {M.edit}
                      </button>
                      <button
                        type="button"
                        aria-label={M.removeNamed(b.name)}
                        onClick={() => {
                          move.reset();
                          setRemoving(b);
                          remove.request(b);
                        }}
                      >
                        {M.remove}
                      </button>
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
      {removing && (remove.phase === 'confirming' || remove.phase === 'running') && (
        <ConfirmDialog
          title={M.removeButtonTitle(removing.name)}
          text={M.removeButtonText}
          confirm={M.remove}
          busy={remove.phase === 'running'}
          onConfirm={remove.confirm}
          onCancel={remove.cancel}
        />
      )}
      {canEdit && (
        <ButtonForm
          key={editing?.id ?? 'new'}
          api={api}
          editing={editing}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}

const EMPTY: ButtonInput = { path: '/', name: '', buttonType: 'ACTION', actionMessage: '' };

function ButtonForm(props: { api: Api; editing: ActionButton | null; onSaved: () => void; onCancel: () => void }) {
  const { editing, api } = props;
  const [draft, setDraft] = useState<ButtonInput>(editing ? { ...editing } : EMPTY);
  const [issues, setIssues] = useState<MediaIssue[] | null>(null);
  const save = useTask((input: ButtonInput) => (editing ? api.editButton(editing.id, input) : api.addButton(input)));
  const form = useRef<HTMLFormElement>(null);
  // Edit brings the form to the button: the focus goes to its first field
  useEffect(() => {
    if (editing) form.current?.querySelector('input')?.focus();
  }, [editing]);
  const onSaved = props.onSaved;
  useEffect(() => {
    if (save.phase === 'done') onSaved();
  }, [save.phase, onSaved]);
  const set = (patch: Partial<ButtonInput>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // once sent, a mistake's mark follows the field as it is fixed
    if (issues) setIssues(actionButtonProblems(next));
  };
  const at = fieldErrors(issues, save.error);
  const link = draft.buttonType === 'EXTERNAL_LINK';
  const title = editing ? M.editButtonTitle(editing.name) : M.addButtonTitle;
  return (
    <form
      ref={form}
      aria-label={title}
      data-part="form"
      data-form="button"
      onSubmit={(e) => {
        e.preventDefault();
        const body: ButtonInput = link
          ? { path: draft.path.trim(), name: draft.name, buttonType: 'EXTERNAL_LINK', externalUrl: draft.externalUrl?.trim() ?? '' }
          : { path: draft.path.trim(), name: draft.name, buttonType: 'ACTION', actionMessage: draft.actionMessage ?? '' };
        const found = actionButtonProblems(body);
        setIssues(found);
        if (found.length === 0) save.run(body);
      }}
    >
      <h3>{title}</h3>
      <Field label={M.path} hint={M.pathHint} error={at('path')}>
        {(attrs) => <input {...attrs} autoComplete="off" value={draft.path} onInput={(e) => set({ path: e.currentTarget.value })} />}
      </Field>
      <Field label={M.buttonName} error={at('name')}>
        {(attrs) => <input {...attrs} autoComplete="off" value={draft.name} onInput={(e) => set({ name: e.currentTarget.value })} />}
      </Field>
      <Field label={M.buttonType} error={at('buttonType')}>
        {(attrs) => (
          <select
            {...attrs}
            value={draft.buttonType}
            onChange={(e) => set({ buttonType: e.currentTarget.value as ButtonInput['buttonType'] })}
          >
            {Object.entries(M.buttonTypes).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        )}
      </Field>
      {link ? (
        <Field label={M.externalUrl} error={at('externalUrl')}>
          {(attrs) => (
            <input
              {...attrs}
              type="url"
              autoComplete="url"
              value={draft.externalUrl ?? ''}
              onInput={(e) => set({ externalUrl: e.currentTarget.value })}
            />
          )}
        </Field>
      ) : (
        <Field label={M.actionMessage} error={at('actionMessage')}>
          {(attrs) => (
            <input
              {...attrs}
              autoComplete="off"
              value={draft.actionMessage ?? ''}
              onInput={(e) => set({ actionMessage: e.currentTarget.value })}
            />
          )}
        </Field>
      )}
      {!save.error?.field && <ErrorText error={save.error} />}
      <div data-part="actions">
        <button type="submit" data-part="primary" disabled={save.phase === 'running'}>
          {save.phase === 'running' ? W.saving : editing ? M.saveButton : M.addButton}
        </button>
        {editing && (
          <button type="button" onClick={props.onCancel}>
            {W.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

function PresenceVideos({ api, canEdit }: { api: Api; canEdit: boolean }) {
  const presence = useLoad(() => api.presence());
  const videos = useLoad(() => api.videos());
  const remove = useTask((p: Presence) => api.removePresence(p.id));
  const [removing, setRemoving] = useState<Presence | null>(null);
  const reload = presence.again;
  useEffect(() => {
    if (remove.phase === 'done') reload();
  }, [remove.phase, reload]);
  return (
    <section aria-labelledby="presence-title" data-part="card">
      <h2 id="presence-title">{M.presenceTitle}</h2>
      <p data-part="hint">{M.presenceHint}</p>
      <ErrorText error={remove.error} />
      {!presence.data ? (
        <LoadState {...presence} />
      ) : presence.data.length === 0 ? (
        <p>{M.noPresence}</p>
      ) : (
        <ul data-part="items">
          {presence.data.map((p) => (
            <li key={p.id}>
              <span data-part="item-text">
                <code>{p.path}</code> <strong>{p.videoName}</strong> {p.content && <span data-part="hint">{p.content}</span>}
              </span>
              {canEdit && (
                <button
                  type="button"
                  aria-label={M.removeNamed(`${p.videoName} (${p.path})`)}
                  onClick={() => {
                    setRemoving(p);
                    remove.request(p);
                  }}
                >
                  {M.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {removing && (remove.phase === 'confirming' || remove.phase === 'running') && (
        <ConfirmDialog
          title={M.removePresenceTitle(removing.path)}
          text={M.removePresenceText}
          confirm={M.remove}
          busy={remove.phase === 'running'}
          onConfirm={remove.confirm}
          onCancel={remove.cancel}
        />
      )}
      {canEdit &&
        videos.data &&
        (videos.data.length === 0 ? <p>{M.noVideos}</p> : <PresenceForm api={api} videos={videos.data} onAdded={reload} />)}
    </section>
  );
}

function PresenceForm({ api, videos, onAdded }: { api: Api; videos: { id: string; name: string }[]; onAdded: () => void }) {
  const [draft, setDraft] = useState({ path: '/', videoId: videos[0]!.id, content: '' });
  const [issues, setIssues] = useState<MediaIssue[] | null>(null);
  const add = useTask((input: typeof draft) => api.addPresence(input));
  useEffect(() => {
    if (add.phase !== 'done') return;
    setDraft((d) => ({ ...d, content: '' }));
    onAdded();
  }, [add.phase, onAdded]);
  const set = (patch: Partial<typeof draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (issues) setIssues(presenceProblems(next));
  };
  const at = fieldErrors(issues, add.error);
  return (
    <form
      aria-label={M.addPresence}
      data-part="form"
      onSubmit={(e) => {
        e.preventDefault();
        const body = { ...draft, path: draft.path.trim() };
        const found = presenceProblems(body);
        setIssues(found);
        if (found.length === 0) add.run(body);
      }}
    >
      <h3>{M.addPresence}</h3>
      <Field label={M.path} hint={M.pathHint} error={at('path')}>
        {(attrs) => <input {...attrs} autoComplete="off" value={draft.path} onInput={(e) => set({ path: e.currentTarget.value })} />}
      </Field>
      <Field label={M.video} error={at('videoId')}>
        {(attrs) => (
          <select {...attrs} value={draft.videoId} onChange={(e) => set({ videoId: e.currentTarget.value })}>
            {videos.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={M.content} error={at('content')}>
        {(attrs) => <input {...attrs} autoComplete="off" value={draft.content} onInput={(e) => set({ content: e.currentTarget.value })} />}
      </Field>
      {!add.error?.field && <ErrorText error={add.error} />}
      <button type="submit" data-part="primary" disabled={add.phase === 'running'}>
        {M.addPresence}
      </button>
    </form>
  );
}
