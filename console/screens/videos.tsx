/**
 * A site's videos (issue 33 §1; widget-spec §3 "Video response"): viewers see them, editors add one by its name, then
 * upload its file, poster and captions (each with its progress; the server tells the type by the bytes and refuses
 * what does not fit, naming what it allows), and set its description, transcript and embed settings (checked with
 * the server's own rules, contract/media-fields.ts). Each video shows its slot snippet with Copy, and a preview in the
 * real viewer on a sample page.
 */
import { useEffect, useRef, useState } from 'react';
import { type MediaIssue, VIDEO_SETTING_NAMES, videoProblems } from '../../contract/media-fields';
import { UPLOAD_KINDS } from '../../contract/uploads';
import { ApiError, type ApiErrorCode } from '../api';
import { uploadFile, type Video, type VideoKind } from '../media/api';
import { fieldErrors, useMediaApi } from '../media/fields';
import css from '../media/media.css' with { type: 'text' };
import { M } from '../media/words';
import { W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import { ConfirmDialog, CopyButton, ErrorText, Field, Heading, LoadState, useLoad, useTask } from '../ui';
import type { ScreenProps } from '.';

type Api = ReturnType<typeof useMediaApi>;
const KINDS: readonly VideoKind[] = ['video', 'poster', 'captions'];
const ACCEPT: Record<VideoKind, string> = {
  video: 'video/mp4,video/webm,.mp4,.webm',
  poster: 'image/png,image/jpeg,image/webp',
  captions: 'text/vtt,.vtt',
};

export function VideosScreen(props: Pick<ScreenProps, 'siteId' | 'api' | 'canEdit'>) {
  adoptScreenStyles(css);
  const api = useMediaApi(props);
  const videos = useLoad(() => api.videos());
  const [openId, setOpenId] = useState<string | null>(null);
  const reload = videos.again;
  const remove = useTask((v: Video) => api.removeVideo(v.id));
  const [removing, setRemoving] = useState<Video | null>(null);
  useEffect(() => {
    if (remove.phase === 'done') reload();
  }, [remove.phase, reload]);
  const open = videos.data?.find((v) => v.id === openId) ?? videos.data?.[0];
  return (
    <section data-part="screen" data-screen="videos">
      <Heading>{W.screens.videos}</Heading>
      <p data-part="hint">{M.videosHint}</p>
      {!videos.data ? (
        <LoadState {...videos} />
      ) : videos.data.length === 0 ? (
        <p>{M.noVideosYet}</p>
      ) : (
        <ul data-part="items" aria-label={W.screens.videos}>
          {videos.data.map((v) => (
            <li key={v.id}>
              <span data-part="item-text">
                <strong>{v.name}</strong> <span data-part="hint">{v.video?.filename ?? M.noFile}</span>
              </span>
              <button type="button" aria-label={M.editVideo(v.name)} aria-pressed={v.id === open?.id} onClick={() => setOpenId(v.id)}>
                {M.edit}
              </button>
              {props.canEdit && (
                <button
                  type="button"
                  aria-label={M.removeNamed(v.name)}
                  onClick={() => {
                    setRemoving(v);
                    remove.request(v);
                  }}
                >
                  {M.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorText error={remove.error} />
      {removing && (remove.phase === 'confirming' || remove.phase === 'running') && (
        <ConfirmDialog
          title={M.removeVideoTitle(removing.name)}
          text={M.removeVideoText}
          confirm={M.remove}
          busy={remove.phase === 'running'}
          onConfirm={remove.confirm}
          onCancel={remove.cancel}
        />
      )}
      {props.canEdit && (
        <NewVideo
          api={api}
          onAdded={(id) => {
            setOpenId(id);
            reload();
          }}
        />
      )}
      {open && <VideoEditor key={open.id} api={api} video={open} siteId={props.siteId} canEdit={props.canEdit} onSaved={reload} />}
    </section>
  );
}

function NewVideo({ api, onAdded }: { api: Api; onAdded: (id: string) => void }) {
  const [name, setName] = useState('');
  const add = useTask((n: string) => api.addVideo(n));
  const [issues, setIssues] = useState<MediaIssue[] | null>(null);
  useEffect(() => {
    if (add.phase !== 'done' || !add.result) return;
    setName('');
    onAdded(add.result.id);
  }, [add.phase, add.result, onAdded]);
  return (
    <form
      aria-label={M.newVideo}
      data-part="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        const found = videoProblems({ name }, ['name']);
        setIssues(found);
        if (found.length === 0) add.run(name);
      }}
    >
      <Field label={M.videoName} error={fieldErrors(issues, add.error)('name')}>
        {(attrs) => (
          <input {...attrs} name="new-video-name" autoComplete="off" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        )}
      </Field>
      <button type="submit" data-part="primary" disabled={add.phase === 'running'}>
        {M.addVideo}
      </button>
      {!add.error?.field && <ErrorText error={add.error} />}
    </form>
  );
}

type Draft = Pick<Video, 'name' | 'description' | 'transcript' | 'settings'>;

function VideoEditor({
  api,
  video,
  siteId,
  canEdit,
  onSaved,
}: {
  api: Api;
  video: Video;
  siteId: string;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    name: video.name,
    description: video.description,
    transcript: video.transcript,
    settings: video.settings,
  });
  const [issues, setIssues] = useState<MediaIssue[] | null>(null);
  const save = useTask((input: Draft) => api.editVideo(video.id, input));
  useEffect(() => {
    if (save.phase === 'done') onSaved();
  }, [save.phase, onSaved]);
  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (issues) setIssues(videoProblems(next));
  };
  const at = fieldErrors(issues, save.error);
  const snippetId = `snippet-${video.id}`;
  return (
    <section aria-labelledby="video-title" data-part="card">
      <h2 id="video-title">{video.name}</h2>
      <form
        data-part="form"
        onSubmit={(e) => {
          e.preventDefault();
          const found = videoProblems(draft, ['name']);
          setIssues(found);
          if (found.length === 0) save.run(draft);
        }}
      >
        <fieldset disabled={!canEdit} data-part="plain">
          <legend data-part="visually-hidden">{M.editVideo(video.name)}</legend>
          <Field label={M.videoName} error={at('name')}>
            {(attrs) => <input {...attrs} autoComplete="off" value={draft.name} onInput={(e) => set({ name: e.currentTarget.value })} />}
          </Field>
          <Field label={M.description} error={at('description')}>
            {(attrs) => (
              <textarea {...attrs} rows={2} value={draft.description} onInput={(e) => set({ description: e.currentTarget.value })} />
            )}
          </Field>
          <Field label={M.transcript} hint={M.transcriptHint} error={at('transcript')}>
            {(attrs) => (
              <textarea {...attrs} rows={5} value={draft.transcript} onInput={(e) => set({ transcript: e.currentTarget.value })} />
            )}
          </Field>
          <fieldset data-part="settings">
            <legend>{M.settings}</legend>
            {VIDEO_SETTING_NAMES.filter((n) => n !== 'embedBrandColor').map((n) => (
              <div data-part="check" key={n}>
                <input
                  id={`setting-${n}`}
                  type="checkbox"
                  checked={draft.settings[n] as boolean}
                  onChange={(e) => set({ settings: { ...draft.settings, [n]: e.currentTarget.checked } })}
                />
                <label htmlFor={`setting-${n}`}>{M.settingNames[n]}</label>
              </div>
            ))}
            <div data-part="colour">
              <input
                type="color"
                aria-label={M.settingNames.embedBrandColor}
                value={/^#[0-9a-f]{6}$/i.test(draft.settings.embedBrandColor) ? draft.settings.embedBrandColor : '#1d4ed8'}
                onInput={(e) => set({ settings: { ...draft.settings, embedBrandColor: e.currentTarget.value } })}
              />
              <Field label={M.colourText} error={at('settings.embedBrandColor')}>
                {(attrs) => (
                  <input
                    {...attrs}
                    autoComplete="off"
                    value={draft.settings.embedBrandColor}
                    onInput={(e) => set({ settings: { ...draft.settings, embedBrandColor: e.currentTarget.value } })}
                  />
                )}
              </Field>
            </div>
          </fieldset>
        </fieldset>
        {!(save.error?.field ?? '').match(/^(name|description|transcript|settings\.embedBrandColor)$/) && <ErrorText error={save.error} />}
        {save.phase === 'done' && <p role="status">{W.saved}</p>}
        {canEdit && (
          <button type="submit" data-part="primary" disabled={save.phase === 'running'}>
            {save.phase === 'running' ? W.saving : M.saveVideo}
          </button>
        )}
      </form>

      <h3>{M.files}</h3>
      <div data-part="uploads">
        {KINDS.map((kind) => (
          <Upload key={kind} api={api} video={video} kind={kind} canEdit={canEdit} onUploaded={onSaved} />
        ))}
      </div>

      <h3>{M.snippet}</h3>
      <p data-part="hint">{M.snippetHint}</p>
      <pre data-part="code">
        <code id={snippetId}>{video.snippet}</code>
      </pre>
      <CopyButton text={video.snippet} target={snippetId} />

      <Preview siteId={siteId} video={video} />
    </section>
  );
}

/** One of a video's files: what it has, and (editors) a file to upload, with the upload's progress and its refusal. */
function Upload({
  api,
  video,
  kind,
  canEdit,
  onUploaded,
}: {
  api: Api;
  video: Video;
  kind: VideoKind;
  canEdit: boolean;
  onUploaded: () => void;
}) {
  const [progress, setProgress] = useState(0);
  const { described, maxBytes } = UPLOAD_KINDS[kind];
  const takes = M.accepts(described, maxBytes);
  const upload = useTask(async (file: File) => {
    setProgress(0);
    // refused before a byte is sent (the server refuses it in any case)
    if (file.size > maxBytes) throw new ApiError('TOO_LARGE' as ApiErrorCode, 413, kind);
    return uploadFile(api.uploadPath(video.id, kind), file, await api.csrfToken(), setProgress);
  });
  useEffect(() => {
    if (upload.phase === 'done') onUploaded();
  }, [upload.phase, onUploaded]);
  const current = video[kind];
  const label = M.kinds[kind];
  return (
    <div data-part="upload">
      <Field label={label} hint={`${takes}. ${current ? M.current(current.filename) : M.none}`}>
        {(attrs) => (
          <input
            {...attrs}
            type="file"
            accept={ACCEPT[kind]}
            disabled={!canEdit || upload.phase === 'running'}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) upload.run(file);
              e.currentTarget.value = '';
            }}
          />
        )}
      </Field>
      {upload.phase === 'failed' &&
        (upload.error && M.uploadRefused(upload.error.code, takes) ? (
          <p role="alert" data-part="error">
            {M.uploadRefused(upload.error.code, takes)}
          </p>
        ) : (
          <ErrorText error={upload.error} />
        ))}
      {upload.phase === 'running' && <progress aria-label={M.uploading(label)} max={1} value={progress} />}
      {upload.phase === 'done' && upload.result && (
        <p role="status" data-part="hint">
          {M.uploaded(upload.result[kind]?.filename ?? '')}
        </p>
      )}
    </div>
  );
}

/** The real viewer on the sample page (console/preview), loaded on request: it boots the site's widget with a preview key. */
function Preview({ siteId, video }: { siteId: string; video: Video }) {
  const [shown, setShown] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const src = `/console/preview?site=${encodeURIComponent(siteId)}&video=${encodeURIComponent(video.embedToken)}`;
  return (
    <>
      <h3>{M.preview}</h3>
      <p data-part="hint">{M.previewHint}</p>
      {shown ? (
        <iframe ref={frame} data-part="video-preview" title={M.previewTitle(video.name)} src={src} />
      ) : (
        <button type="button" onClick={() => setShown(true)}>
          {M.showPreview}
        </button>
      )}
    </>
  );
}
