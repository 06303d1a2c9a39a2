/** The sites one may see (issue 32 §3), with one's role on each, and "Create site" (name, origins). */
import { useEffect, useState } from 'react';
import { pathOf } from '../../machines/console-router';
import { useRouterActor, useSessionActor } from '../context';
import { W } from '../messages';
import type { ScreenProps } from '.';
import { ErrorText, Field, Heading, Link, LoadState, useLoad, useTask } from '../ui';

export function SitesScreen({ api }: Pick<ScreenProps, 'api'>) {
  const sites = useLoad(() => api.sites());
  const session = useSessionActor();
  const router = useRouterActor();
  const create = useTask((input: { name: string; origins: string[] }) => api.createSite(input.name, input.origins));
  const [name, setName] = useState('');
  const [origins, setOrigins] = useState('');
  const created = create.phase === 'done' ? create.result?.id : undefined;
  // a new site: the session's list (the site switcher) reads it too, and its overview opens
  useEffect(() => {
    if (!created) return;
    session.send({ type: 'SESSION.REFRESH' });
    router.send({ type: 'ROUTE.GO', path: pathOf({ name: 'overview', siteId: created }) });
  }, [created, session, router]);
  const originsError = create.error?.field === 'origins' ? create.error : null;
  const nameError = create.error?.field === 'name' ? create.error : null;
  return (
    <section data-part="screen" data-screen="sites">
      <Heading>{W.screens.sites}</Heading>
      {!sites.data ? (
        <LoadState {...sites} />
      ) : sites.data.length === 0 ? (
        <p>{W.noSites}</p>
      ) : (
        <table data-part="table">
          <thead>
            <tr>
              <th scope="col">{W.siteName}</th>
              <th scope="col">{W.yourRole}</th>
            </tr>
          </thead>
          <tbody>
            {sites.data.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link to={pathOf({ name: 'overview', siteId: s.id })}>{s.name}</Link>
                </td>
                <td>{W.roles[s.role]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>{W.createSite}</h2>
      <form
        data-part="form"
        onSubmit={(e) => {
          e.preventDefault();
          create.run({ name: name.trim(), origins: origins.split(/\s+/).filter(Boolean) });
        }}
      >
        <Field label={W.newSiteName} error={nameError}>
          {(attrs) => (
            <input {...attrs} name="site-name" required autoComplete="off" value={name} onInput={(e) => setName(e.currentTarget.value)} />
          )}
        </Field>
        <Field label={W.newSiteOrigins} hint={W.newSiteOriginsHint} error={originsError}>
          {(attrs) => <textarea {...attrs} name="origins" rows={3} value={origins} onInput={(e) => setOrigins(e.currentTarget.value)} />}
        </Field>
        {!nameError && !originsError && <ErrorText error={create.error} />}
        <button type="submit" data-part="primary" disabled={create.phase === 'running'}>
          {create.phase === 'running' ? W.saving : W.createSite}
        </button>
      </form>
    </section>
  );
}
