/**
 * A site's overview (issue 32 §3): the embed snippet with Copy, the API key and its rotation, the allowed origins
 * and the origins recently refused, and the site's settings. What a role may not change shows read-only.
 */
import { useEffect, useState } from 'react';
import { removesSelf } from '../../machines/console-task';
import type { SiteConfig, SiteDetail } from '../api';
import { formatDuration, formatWhen, W } from '../messages';
import type { ScreenProps } from '.';
import { ConfirmDialog, CopyButton, ErrorText, Field, Heading, LoadState, useLoad, useTask } from '../ui';

export function OverviewScreen({ siteId, api }: Pick<ScreenProps, 'siteId' | 'api'>) {
  const site = useLoad(() => api.site(siteId));
  return (
    <section data-part="screen" data-screen="overview">
      <Heading>{site.data ? site.data.name : W.screens.overview}</Heading>
      {!site.data ? (
        <LoadState {...site} />
      ) : (
        <>
          <Snippet site={site.data} />
          <ApiKey site={site.data} api={api} reload={site.again} />
          {/* the draft starts again from what the server holds, each time it answers */}
          <Origins key={site.data.origins.join(' ')} site={site.data} api={api} reload={site.again} />
          <Config site={site.data} api={api} reload={site.again} />
        </>
      )}
    </section>
  );
}

type Part = { site: SiteDetail; api: ScreenProps['api']; reload: () => void };

function Snippet({ site }: { site: SiteDetail }) {
  return (
    <section aria-labelledby="snippet-title" data-part="card">
      <h2 id="snippet-title">{W.snippet}</h2>
      <p data-part="hint">{W.snippetHint}</p>
      <pre data-part="code">
        <code id="snippet-text">{site.snippet}</code>
      </pre>
      <CopyButton text={site.snippet} target="snippet-text" />
    </section>
  );
}

function ApiKey({ site, api, reload }: Part) {
  const rotate = useTask(() => api.rotateKey(site.id));
  useEffect(() => {
    if (rotate.phase === 'done') reload();
  }, [rotate.phase, reload]);
  const validUntil = rotate.result?.previousKey.validUntil ?? site.previousKey?.validUntil;
  return (
    <section aria-labelledby="key-title" data-part="card">
      <h2 id="key-title">{W.apiKey}</h2>
      {site.apiKey ? (
        <p>
          <code data-part="key">{site.apiKey}</code>
        </p>
      ) : (
        <p data-part="hint">{W.keyNotKept}</p>
      )}
      {rotate.phase === 'done' && <p role="status">{W.keyRotated}</p>}
      {validUntil && <p data-part="hint">{W.previousKeyUntil(formatWhen(validUntil))}</p>}
      <ErrorText error={rotate.error} />
      {site.role === 'owner' && (
        <button type="button" onClick={() => rotate.request(undefined)} disabled={rotate.phase === 'running'}>
          {W.rotateKey}
        </button>
      )}
      {(rotate.phase === 'confirming' || rotate.phase === 'running') && (
        <ConfirmDialog
          title={W.rotateTitle}
          text={site.keyGraceSeconds ? W.rotateText(formatDuration(site.keyGraceSeconds)) : W.rotateTextUnknownGrace}
          confirm={W.rotateConfirm}
          busy={rotate.phase === 'running'}
          onConfirm={rotate.confirm}
          onCancel={rotate.cancel}
        />
      )}
    </section>
  );
}

function Origins({ site, api, reload }: Part) {
  const owner = site.role === 'owner';
  const [draft, setDraft] = useState(site.origins);
  const [adding, setAdding] = useState('');
  const save = useTask((origins: string[]) => api.setOrigins(site.id, origins));
  const allow = useTask((origin: string) => api.allowOrigin(site.id, origin));
  const refused = useLoad(() => (owner ? api.refusedOrigins(site.id) : Promise.resolve([])));
  const againRefused = refused.again;
  useEffect(() => {
    if (save.phase !== 'done' && allow.phase !== 'done') return;
    setAdding('');
    reload();
    againRefused();
  }, [save.phase, allow.phase, reload, againRefused]);
  const submit = (origins: string[]) => (removesSelf(site.origins, origins) ? save.request(origins) : save.run(origins));
  const changed = draft.join('\n') !== site.origins.join('\n');
  const fieldError = save.error?.field === 'origins' || save.error?.code === 'INVALID' ? save.error : null;
  return (
    <section aria-labelledby="origins-title" data-part="card">
      <h2 id="origins-title">{W.origins}</h2>
      <p data-part="hint">{W.originsHint}</p>
      {draft.length === 0 ? (
        <p>{W.noOrigins}</p>
      ) : (
        <ul data-part="origins">
          {draft.map((o) => (
            <li key={o}>
              <code>{o}</code>
              {owner && (
                <button type="button" aria-label={W.removeNamed(o)} onClick={() => setDraft(draft.filter((d) => d !== o))}>
                  {W.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <>
          <form
            data-part="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              const origin = adding.trim();
              if (origin && !draft.includes(origin)) setDraft([...draft, origin]);
              setAdding('');
              save.reset();
            }}
          >
            <Field label={W.newOrigin} error={fieldError}>
              {(attrs) => (
                <input
                  {...attrs}
                  name="origin"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://www.example.com"
                  value={adding}
                  onInput={(e) => setAdding(e.currentTarget.value)}
                />
              )}
            </Field>
            <button type="submit">{W.add}</button>
          </form>
          {!fieldError && <ErrorText error={save.error ?? allow.error} />}
          {save.phase === 'done' && !changed && <p role="status">{W.saved}</p>}
          <button type="button" data-part="primary" disabled={!changed || save.phase === 'running'} onClick={() => submit(draft)}>
            {save.phase === 'running' ? W.saving : W.saveOrigins}
          </button>
          {save.phase === 'confirming' && (
            <ConfirmDialog title={W.selfTitle} text={W.selfText} confirm={W.selfConfirm} onConfirm={save.confirm} onCancel={save.cancel} />
          )}
          <h3>{W.refused}</h3>
          <p data-part="hint">{W.refusedHint}</p>
          {!refused.data ? (
            <LoadState {...refused} />
          ) : refused.data.length === 0 ? (
            <p>{W.noRefused}</p>
          ) : (
            <ul data-part="refused">
              {refused.data.map((r) => (
                <li key={r.origin}>
                  <code>{r.origin}</code> <span data-part="hint">{W.refusedSeen(r.count, formatWhen(r.lastSeenAt))}</span>
                  <button
                    type="button"
                    aria-label={W.allowNamed(r.origin)}
                    disabled={site.origins.includes(r.origin) || allow.phase === 'running'}
                    onClick={() => allow.run(r.origin)}
                  >
                    {W.allow}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Config({ site, api, reload }: Part) {
  const editor = site.role === 'owner' || site.role === 'editor';
  const [config, setConfig] = useState<SiteConfig>(site.config);
  const save = useTask((c: SiteConfig) => api.updateConfig(site.id, c));
  useEffect(() => {
    if (save.phase === 'done') reload();
  }, [save.phase, reload]);
  const at = (field: keyof SiteConfig) => (save.error?.field === field ? save.error : null);
  return (
    <section aria-labelledby="config-title" data-part="card">
      <h2 id="config-title">{W.config}</h2>
      <form
        data-part="form"
        onSubmit={(e) => {
          e.preventDefault();
          save.run(config);
        }}
      >
        <fieldset disabled={!editor} data-part="plain">
          <legend data-part="visually-hidden">{W.config}</legend>
          <div data-part="check">
            <input
              id="config-page-awareness"
              type="checkbox"
              checked={config.pageAwareness ?? false}
              onChange={(e) => setConfig({ ...config, pageAwareness: e.currentTarget.checked })}
            />
            <label htmlFor="config-page-awareness">{W.pageAwareness}</label>
          </div>
          <Field label={W.avatarId} error={at('avatarId')}>
            {(attrs) => (
              <input
                {...attrs}
                autoComplete="off"
                value={config.avatarId ?? ''}
                onInput={(e) => setConfig({ ...config, avatarId: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label={W.referenceWebpage} hint={W.referenceWebpageHint} error={at('referenceWebpage')}>
            {(attrs) => (
              <input
                {...attrs}
                type="url"
                autoComplete="url"
                value={config.referenceWebpage ?? ''}
                onInput={(e) => setConfig({ ...config, referenceWebpage: e.currentTarget.value })}
              />
            )}
          </Field>
        </fieldset>
        {!save.error?.field && <ErrorText error={save.error} />}
        {save.phase === 'done' && <p role="status">{W.saved}</p>}
        {editor && (
          <button type="submit" data-part="primary" disabled={save.phase === 'running'}>
            {save.phase === 'running' ? W.saving : W.save}
          </button>
        )}
      </form>
    </section>
  );
}
