/**
 * A site's documents (docs/console.md "Documents"): the list, an upload by drag-and-drop or the file picker with its
 * progress, every refusal in the server's words, each document's fields, a new version, its footer buttons, its slot
 * snippet with Copy, and a preview in the real viewer on the sample host page. Viewers see; editors change.
 */
import { useEffect, useId, useState } from 'react';
import css from './documents.css' with { type: 'text' };
import type { ApiError } from '../api';
import { type ConsoleDocument, type DocumentFields, type DocumentsApi, documentsApi, type FooterButton } from '../content/documents-api';
import { maxMegabytes, tooLarge } from '../content/upload';
import { errorText, W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import type { ScreenProps } from '.';
import { CopyButton, Heading, LoadState, useLoad, useTask } from '../ui';
import { D } from './documents-words';

const ACCEPT = '.pdf,.docx,.md,.markdown,.txt,.csv';

/** A refusal in words: the server's own message for an upload (it says which check refused the file). */
const refusalText = (error: ApiError | { code: string; serverMessage?: string; allowed?: string }) =>
  (error as ApiError).serverMessage ?? errorText(error);

/** An upload's state, shown by {@link UploadZone} and a new version's picker. */
interface Upload {
  name: string;
  /** 0 to 1 while it goes; null when it is done or refused. */
  progress: number | null;
  message: string | null;
  refused: boolean;
}

/** Runs an upload of `file` by `send`, keeping its progress, and its outcome's words. */
function useUpload(send: (file: File, onProgress: (f: number) => void) => Promise<{ text: string }>, done: () => void) {
  const [upload, setUpload] = useState<Upload | null>(null);
  const start = (file: File) => {
    if (tooLarge('document', file)) {
      setUpload({ name: file.name, progress: null, message: D.tooLarge(maxMegabytes('document')), refused: true });
      return;
    }
    setUpload({ name: file.name, progress: 0, message: null, refused: false });
    send(file, (progress) => setUpload((u) => u && { ...u, progress }))
      .then(({ text }) => {
        setUpload({ name: file.name, progress: null, message: text, refused: false });
        done();
      })
      .catch((error: ApiError) => setUpload({ name: file.name, progress: null, message: refusalText(error), refused: true }));
  };
  return { upload, start };
}

/** The progress bar and the outcome of an upload. */
function UploadStatus({ upload }: { upload: Upload | null }) {
  if (!upload) return null;
  return (
    <div data-part="upload-status">
      {upload.progress !== null && (
        <p data-part="progress">
          <span>{D.uploading(upload.name)}</span> <progress max={1} value={upload.progress} aria-label={D.uploading(upload.name)} />{' '}
          <span>{D.percent(Math.round(upload.progress * 100))}</span>
        </p>
      )}
      {upload.message && (
        <p role={upload.refused ? 'alert' : 'status'} data-part={upload.refused ? 'error' : 'done'}>
          {upload.message}
        </p>
      )}
    </div>
  );
}

/** Where a file is dropped or picked. */
function UploadZone({ onFile, label }: { onFile: (file: File) => void; label: string }) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer's shortcut; the file picker inside is the keyboard's way
    <div
      data-part="drop"
      data-over={over || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer?.files[0];
        if (file) onFile(file);
      }}
    >
      <p>
        {D.drop}{' '}
        <label htmlFor={id} data-part="picker">
          {label}
        </label>
      </p>
      <input
        id={id}
        type="file"
        accept={ACCEPT}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) onFile(file);
          e.currentTarget.value = '';
        }}
      />
      <p id={`${id}-hint`} data-part="hint">
        {D.accepted(maxMegabytes('document'))}
      </p>
    </div>
  );
}

export function DocumentsScreen({ siteId, api, canEdit }: Pick<ScreenProps, 'siteId' | 'api' | 'canEdit'>) {
  adoptScreenStyles(css);
  const [docs] = useState(() => documentsApi(api, siteId));
  const documents = useLoad(() => docs.list());
  const { upload, start } = useUpload(async (file, onProgress) => {
    const { document: doc, textProblem } = await docs.add(file, onProgress);
    return { text: textProblem ? `${D.uploaded(doc.name)} ${D.noText(textProblem)}` : D.uploaded(doc.name) };
  }, documents.again);
  return (
    <section data-part="screen" data-screen="documents">
      <Heading>{W.screens.documents}</Heading>
      <p>{D.intro}</p>
      {canEdit ? (
        <section aria-labelledby="documents-upload">
          <h2 id="documents-upload">{D.uploadTitle}</h2>
          <UploadZone onFile={start} label={D.choose} />
          <UploadStatus upload={upload} />
        </section>
      ) : (
        <p data-part="hint">{D.readOnly}</p>
      )}
      {!documents.data ? (
        <LoadState {...documents} />
      ) : documents.data.length === 0 ? (
        <p>{D.none}</p>
      ) : (
        <ul data-part="documents">
          {documents.data.map((d) => (
            <li key={d.id}>
              <DocumentItem doc={d} docs={docs} siteId={siteId} canEdit={canEdit} reload={documents.again} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One document: its header, slot snippet, preview, and (editors) its settings, new version and footer buttons. */
function DocumentItem({
  doc,
  docs,
  siteId,
  canEdit,
  reload,
}: {
  doc: ConsoleDocument;
  docs: DocumentsApi;
  siteId: string;
  canEdit: boolean;
  reload: () => void;
}) {
  const slotId = `slot-${doc.id}`;
  const preview = `/console/preview?site=${encodeURIComponent(siteId)}&doc=${encodeURIComponent(doc.embedToken)}`;
  return (
    <article aria-labelledby={`doc-${doc.id}`} data-part="document">
      <h2 id={`doc-${doc.id}`}>{doc.name}</h2>
      <p data-part="hint">
        {D.version(doc.versionNumber, doc.type)}
        {doc.filename && ` • ${doc.filename}`}
      </p>
      {!doc.hasText && <p data-part="warning">{D.notAnswered}</p>}
      <h3>{D.slot}</h3>
      <p data-part="hint">{D.slotHint}</p>
      <pre data-part="snippet">
        <code id={slotId}>{doc.slot}</code>
      </pre>
      <p data-part="actions">
        <CopyButton text={doc.slot} target={slotId} label={D.copySlot(doc.name)} />
        <a href={preview} target="_blank" rel="noopener" aria-label={D.previewOf(doc.name)}>
          {D.preview}
        </a>
        {doc.fileUrl && (
          <a href={doc.fileUrl} target="_blank" rel="noopener noreferrer">
            {D.open}
          </a>
        )}
      </p>
      {canEdit && (
        <details data-part="edit">
          <summary aria-label={D.details(doc.name)}>{D.edit}</summary>
          <FieldsForm doc={doc} docs={docs} reload={reload} />
          <NewVersion doc={doc} docs={docs} reload={reload} />
          <ButtonsEditor doc={doc} docs={docs} reload={reload} />
        </details>
      )}
    </article>
  );
}

type Editor = { doc: ConsoleDocument; docs: DocumentsApi; reload: () => void };

/** Name, version number, hide header, hide footer. */
function FieldsForm({ doc, docs, reload }: Editor) {
  const id = useId();
  const [fields, setFields] = useState<DocumentFields>({
    name: doc.name,
    versionNumber: doc.versionNumber,
    hideDocHeader: doc.hideDocHeader,
    hideDocFooter: doc.hideDocFooter,
  });
  const save = useTask((f: DocumentFields) => docs.update(doc.id, f));
  useEffect(() => {
    if (save.phase === 'done') reload();
  }, [save.phase, reload]);
  return (
    <form
      data-part="fields"
      onSubmit={(e) => {
        e.preventDefault();
        save.run(fields);
      }}
    >
      <div data-part="field">
        <label htmlFor={`${id}-name`}>{D.name}</label>
        <input
          id={`${id}-name`}
          value={fields.name}
          required
          maxLength={200}
          onInput={(e) => setFields({ ...fields, name: e.currentTarget.value })}
        />
      </div>
      <div data-part="field">
        <label htmlFor={`${id}-version`}>{D.versionNumber}</label>
        <input
          id={`${id}-version`}
          type="number"
          min={1}
          step={1}
          value={fields.versionNumber}
          onInput={(e) => setFields({ ...fields, versionNumber: Number(e.currentTarget.value) })}
        />
      </div>
      <label data-part="check">
        <input
          type="checkbox"
          checked={fields.hideDocHeader}
          onChange={(e) => setFields({ ...fields, hideDocHeader: e.currentTarget.checked })}
        />{' '}
        {D.hideHeader}
      </label>
      <label data-part="check">
        <input
          type="checkbox"
          checked={fields.hideDocFooter}
          onChange={(e) => setFields({ ...fields, hideDocFooter: e.currentTarget.checked })}
        />{' '}
        {D.hideFooter}
      </label>
      <p>
        <button type="submit" disabled={save.phase === 'running'}>
          {save.phase === 'running' ? W.saving : W.save}
        </button>{' '}
        <span role="status">{save.phase === 'done' ? W.saved : ''}</span>
      </p>
      {save.error && (
        <p role="alert" data-part="error">
          {refusalText(save.error)}
        </p>
      )}
    </form>
  );
}

/** A new version of the file: the same token, the version number one up. */
function NewVersion({ doc, docs, reload }: Editor) {
  const { upload, start } = useUpload(async (file, onProgress) => {
    const { document: next, textProblem } = await docs.addVersion(doc.id, file, onProgress);
    const text = D.versionAdded(next.name, next.versionNumber);
    return { text: textProblem ? `${text} ${D.noText(textProblem)}` : text };
  }, reload);
  return (
    <section aria-label={D.newVersionOf(doc.name)}>
      <h3>{D.newVersion}</h3>
      <UploadZone onFile={start} label={D.choose} />
      <UploadStatus upload={upload} />
    </section>
  );
}

/** The footer buttons, edited as a list and saved at once (add, edit, remove, reorder). */
function ButtonsEditor({ doc, docs, reload }: Editor) {
  const id = useId();
  const [buttons, setButtons] = useState<FooterButton[]>(doc.footerButtons);
  const save = useTask((list: FooterButton[]) => docs.setFooterButtons(doc.id, list));
  useEffect(() => {
    if (save.phase === 'done') reload();
  }, [save.phase, reload]);
  const change = (i: number, patch: Partial<FooterButton>) => setButtons(buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const move = (i: number, by: number) => {
    const next = [...buttons];
    const [b] = next.splice(i, 1);
    next.splice(i + by, 0, b!);
    setButtons(next);
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{D.buttons}</h3>
      <p data-part="hint">{D.buttonsHint}</p>
      {buttons.length === 0 && <p>{D.noButtons}</p>}
      <ol data-part="buttons">
        {buttons.map((b, i) => (
          <li key={b.id ?? `new-${i}`}>
            <div data-part="field">
              <label htmlFor={`${id}-${i}-label`}>{D.label}</label>
              <input id={`${id}-${i}-label`} value={b.label} maxLength={40} onInput={(e) => change(i, { label: e.currentTarget.value })} />
            </div>
            <div data-part="field">
              <label htmlFor={`${id}-${i}-type`}>{D.kind}</label>
              <select
                id={`${id}-${i}-type`}
                value={b.type}
                onChange={(e) =>
                  change(
                    i,
                    e.currentTarget.value === 'LINK'
                      ? { type: 'LINK', url: b.url ?? '', actionType: undefined }
                      : { type: 'BUTTON', actionType: 'open_chat_modal', url: undefined },
                  )
                }
              >
                <option value="LINK">{D.link}</option>
                <option value="BUTTON">{D.askQuestion}</option>
              </select>
            </div>
            {b.type === 'LINK' && (
              <div data-part="field">
                <label htmlFor={`${id}-${i}-url`}>{D.url}</label>
                <input id={`${id}-${i}-url`} type="url" value={b.url ?? ''} onInput={(e) => change(i, { url: e.currentTarget.value })} />
              </div>
            )}
            <p data-part="actions">
              <button type="button" aria-label={D.up(b.label)} disabled={i === 0} onClick={() => move(i, -1)}>
                ↑
              </button>
              <button type="button" aria-label={D.down(b.label)} disabled={i === buttons.length - 1} onClick={() => move(i, 1)}>
                ↓
              </button>
              <button type="button" aria-label={D.removeButton(b.label)} onClick={() => setButtons(buttons.filter((_, j) => j !== i))}>
                ×
              </button>
            </p>
          </li>
        ))}
      </ol>
      <p>
        <button type="button" onClick={() => setButtons([...buttons, { label: '', type: 'LINK', url: '' }])}>
          {D.addButton}
        </button>{' '}
        <button type="button" disabled={save.phase === 'running'} onClick={() => save.run(buttons)}>
          {D.saveButtons}
        </button>{' '}
        <span role="status">{save.phase === 'done' ? W.saved : ''}</span>
      </p>
      {save.error && (
        <p role="alert" data-part="error">
          {refusalText(save.error)}
        </p>
      )}
    </section>
  );
}
