/**
 * One's own account (`/console/account`, docs/console.md "One's own account"): the password changed (the current one,
 * then the new one twice, held to the invitation's rules; the server ends every other session), and the account's
 * sessions (device, signed in, last active, this one marked), each other one ended behind a confirmation, or all of
 * them at once.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { MIN_PASSWORD_LENGTH } from '../../machines/console-constants';
import { consolePasswordMachine, selectChanged, selectChanging, selectPasswordError } from '../../machines/console-password';
import { selectAccount } from '../../machines/console-session';
import { type AccountSession, accountApi } from '../account-api';
import { useScreenActor, useSession } from '../context';
import { formatWhen, W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import { ConfirmDialog, Heading, LoadState, useLoad, useTask } from '../ui';
import type { ScreenProps } from '.';
import css from './account.css' with { type: 'text' };
import { PasswordField } from './account-field';
import { deviceName } from './account-device';
import { accountErrorText } from './account-errors';
import { A } from './account-words';

export function AccountScreen({ api }: Pick<ScreenProps, 'api'>) {
  adoptScreenStyles(css);
  const account = useMemo(() => accountApi(api), [api]);
  const sessions = useLoad(() => account.sessions());
  return (
    <section data-part="screen" data-screen="account">
      <Heading>{W.screens.account}</Heading>
      <PasswordForm change={account.changePassword} onChanged={sessions.again} />
      <Sessions sessions={sessions} account={account} />
    </section>
  );
}

function PasswordForm({ change, onChanged }: { change: (current: string, next: string) => Promise<unknown>; onChanged: () => void }) {
  const actor = useScreenActor(
    consolePasswordMachine.provide({
      actors: {
        change: fromPromise<void, { current: string; next: string }>(({ input }) =>
          change(input.current, input.next).then(() => undefined),
        ),
      },
    }),
  );
  const changing = useSelector(actor, selectChanging);
  const error = useSelector(actor, selectPasswordError);
  const changed = useSelector(actor, selectChanged);
  const me = useSession(selectAccount);
  const [fields, setFields] = useState({ current: '', next: '', confirm: '' });
  // once changed, the form is emptied and the other sessions (ended by the server) leave the list
  useEffect(() => {
    if (!changed) return;
    setFields({ current: '', next: '', confirm: '' });
    onChanged();
  }, [changed, onChanged]);
  const at = (field: string) => (error?.field === field ? accountErrorText(error) : undefined);
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  return (
    <section aria-labelledby="password-title" data-part="card">
      <h2 id="password-title">{A.password}</h2>
      <form
        data-part="form"
        // the console words its own refusals at the field (the browser's bubbles are not announced alike)
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'PASSWORD.CHANGE', ...fields });
        }}
      >
        {/* the account's name for password managers, which save the new password under it */}
        <input type="email" name="username" autoComplete="username" value={me?.email ?? ''} readOnly hidden />
        <PasswordField
          label={A.current}
          name="current-password"
          autoComplete="current-password"
          value={fields.current}
          onInput={set('current')}
          error={at('currentPassword')}
        />
        <PasswordField
          label={A.next}
          name="new-password"
          autoComplete="new-password"
          hint={W.passwordHint(MIN_PASSWORD_LENGTH)}
          value={fields.next}
          onInput={set('next')}
          error={at('newPassword')}
        />
        <PasswordField
          label={A.confirm}
          name="confirm-password"
          autoComplete="new-password"
          value={fields.confirm}
          onInput={set('confirm')}
          error={at('confirmPassword')}
        />
        <p data-part="hint">{A.endsOthers}</p>
        {error && !error.field && (
          <p role="alert" data-part="error">
            {accountErrorText(error)}
          </p>
        )}
        <button type="submit" data-part="primary" disabled={changing}>
          {changing ? W.saving : A.change}
        </button>
        <p role="status" data-part="done">
          {changed ? A.changed : ''}
        </p>
      </form>
    </section>
  );
}

type Loaded = ReturnType<typeof useLoad<AccountSession[]>>;

function Sessions({ sessions, account }: { sessions: Loaded; account: ReturnType<typeof accountApi> }) {
  const end = useTask((s: AccountSession) => account.endSession(s.id));
  const endOthers = useTask(() => account.endOtherSessions());
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reload = sessions.again;
  const done = end.phase === 'done' || endOthers.phase === 'done';
  // the ended rows go: the focus, which was on their End button, moves to the list's heading
  useEffect(() => {
    if (!done) return;
    reload();
    heading.current?.focus();
  }, [done, reload]);
  const list = sessions.data;
  const others = list?.filter((s) => !s.current) ?? [];
  const refusal = end.error ?? endOthers.error;
  return (
    <section aria-labelledby="sessions-title" data-part="card">
      <h2 id="sessions-title" ref={heading} tabIndex={-1}>
        {A.sessions}
      </h2>
      <p data-part="hint">{A.sessionsHint}</p>
      {refusal && (
        <p role="alert" data-part="error">
          {accountErrorText(refusal)}
        </p>
      )}
      <p role="status" data-part="done">
        {end.phase === 'done' ? A.ended : endOthers.phase === 'done' ? A.othersEnded : ''}
      </p>
      {!list ? (
        <LoadState {...sessions} />
      ) : (
        <table data-part="table">
          <thead>
            <tr>
              <th scope="col">{A.device}</th>
              <th scope="col">{A.signedIn}</th>
              <th scope="col">{A.lastActive}</th>
              <th scope="col">
                <span data-part="visually-hidden">{A.end}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => {
              const device = deviceName(s.userAgent) ?? A.unknownDevice;
              return (
                <tr key={s.id} {...(s.current ? { 'data-current': '' } : {})}>
                  <td data-part="device">
                    {device} {s.current && <span data-part="badge">{A.thisSession}</span>}
                  </td>
                  <td>
                    <span data-part="cell-label">{A.signedIn}: </span>
                    {formatWhen(s.createdAt)}
                  </td>
                  <td>
                    <span data-part="cell-label">{A.lastActive}: </span>
                    {formatWhen(s.lastSeenAt)}
                  </td>
                  <td>
                    {!s.current && (
                      <button
                        type="button"
                        aria-label={A.endNamed(device, formatWhen(s.createdAt))}
                        onClick={() => {
                          endOthers.reset();
                          setEnding(s);
                          end.request(s);
                        }}
                      >
                        {A.end}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {list &&
        (others.length > 0 ? (
          <button
            type="button"
            data-part="end-others"
            onClick={() => {
              end.reset();
              endOthers.request(undefined);
            }}
          >
            {A.endOthers}
          </button>
        ) : (
          <p>{A.noOthers}</p>
        ))}
      {ending && (end.phase === 'confirming' || end.phase === 'running') && (
        <ConfirmDialog
          title={A.endTitle(deviceName(ending.userAgent) ?? A.unknownDevice)}
          text={A.endText}
          confirm={A.endConfirm}
          busy={end.phase === 'running'}
          onConfirm={end.confirm}
          onCancel={end.cancel}
        />
      )}
      {(endOthers.phase === 'confirming' || endOthers.phase === 'running') && (
        <ConfirmDialog
          title={A.endOthersTitle}
          text={A.endOthersText}
          confirm={A.endOthersConfirm}
          busy={endOthers.phase === 'running'}
          onConfirm={endOthers.confirm}
          onCancel={endOthers.cancel}
        />
      )}
    </section>
  );
}
