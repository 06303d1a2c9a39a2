/**
 * A site's members (issue 32 §3, owners): each member's role, to change; Remove behind a confirmation; an
 * invitation by email and role, whose link shows to copy and pass on. The server's "a site keeps an owner" shows.
 */
import { useEffect, useState } from 'react';
import css from './members.css' with { type: 'text' };
import { selectAccount } from '../../machines/console-session';
import { type Member, ROLES, type Role } from '../api';
import { useSession } from '../context';
import { errorText, formatWhen, W } from '../messages';
import { adoptScreenStyles } from '../screen-styles';
import type { ScreenProps } from '.';
import { ConfirmDialog, CopyButton, ErrorText, Field, Heading, LoadState, useLoad, useTask } from '../ui';

/** The refusal of a change that would leave the site without an owner (a 409, or a 400 on the role). */
const lastOwner = (error: { code: string; field?: string } | null) =>
  error && (error.code === 'CONFLICT' || (error.code === 'INVALID' && error.field === 'role'));

export function MembersScreen({ siteId, api }: Pick<ScreenProps, 'siteId' | 'api'>) {
  adoptScreenStyles(css);
  const members = useLoad(() => api.members(siteId));
  const me = useSession(selectAccount);
  const change = useTask((input: { accountId: string; role: Role }) => api.changeRole(siteId, input.accountId, input.role));
  const remove = useTask((m: Member) => api.removeMember(siteId, m.accountId ?? ''));
  const withdraw = useTask((m: Member) => api.withdrawInvite(siteId, m.inviteId ?? ''));
  const [removing, setRemoving] = useState<Member | null>(null);
  const reload = members.again;
  useEffect(() => {
    if (change.phase === 'done' || remove.phase === 'done' || withdraw.phase === 'done') reload();
  }, [change.phase, remove.phase, withdraw.phase, reload]);
  const refusal = change.error ?? remove.error ?? withdraw.error;
  return (
    <section data-part="screen" data-screen="members">
      <Heading>{W.screens.members}</Heading>
      {refusal && (
        <p role="alert" data-part="error">
          {lastOwner(refusal) ? W.lastOwner : errorText(refusal)}
        </p>
      )}
      {!members.data ? (
        <LoadState {...members} />
      ) : (
        <table data-part="table">
          <thead>
            <tr>
              <th scope="col">{W.member}</th>
              <th scope="col">{W.role}</th>
              <th scope="col">
                <span data-part="visually-hidden">{W.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((m) => (
              <tr key={m.accountId ?? m.email}>
                <td>
                  {m.email} {m.accountId !== undefined && m.accountId === me?.id && <span data-part="hint">{W.you}</span>}
                  {m.invitePending && <span data-part="badge">{W.pending}</span>}
                </td>
                <td>
                  {m.accountId === undefined ? (
                    W.roles[m.role]
                  ) : (
                    <select
                      aria-label={W.changeRoleOf(m.email)}
                      value={m.role}
                      disabled={change.phase === 'running'}
                      onChange={(e) => {
                        remove.reset();
                        change.run({ accountId: m.accountId!, role: e.currentTarget.value as Role });
                      }}
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {W.roles[r]}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>
                  {m.inviteId !== undefined && (
                    <button
                      type="button"
                      aria-label={W.withdrawNamed(m.email)}
                      onClick={() => {
                        change.reset();
                        remove.reset();
                        setRemoving(m);
                        withdraw.request(m);
                      }}
                    >
                      {W.withdraw}
                    </button>
                  )}
                  {m.accountId !== undefined && (
                    <button
                      type="button"
                      aria-label={W.removeNamed(m.email)}
                      onClick={() => {
                        change.reset();
                        withdraw.reset();
                        setRemoving(m);
                        remove.request(m);
                      }}
                    >
                      {W.remove}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removing && (remove.phase === 'confirming' || remove.phase === 'running') && (
        <ConfirmDialog
          title={W.removeTitle(removing.email)}
          text={W.removeText}
          confirm={W.remove}
          busy={remove.phase === 'running'}
          onConfirm={remove.confirm}
          onCancel={remove.cancel}
        />
      )}
      {removing && (withdraw.phase === 'confirming' || withdraw.phase === 'running') && (
        <ConfirmDialog
          title={W.withdrawTitle(removing.email)}
          text={W.withdrawText}
          confirm={W.withdraw}
          busy={withdraw.phase === 'running'}
          onConfirm={withdraw.confirm}
          onCancel={withdraw.cancel}
        />
      )}
      <InviteForm siteId={siteId} api={api} onInvited={reload} />
    </section>
  );
}

function InviteForm({ siteId, api, onInvited }: Pick<ScreenProps, 'siteId' | 'api'> & { onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const invite = useTask((input: { email: string; role: Role }) => api.inviteMember(siteId, input.email, input.role));
  useEffect(() => {
    if (invite.phase === 'done') onInvited();
  }, [invite.phase, onInvited]);
  const link = invite.phase === 'done' ? invite.result : undefined;
  return (
    <section aria-labelledby="invite-title" data-part="card">
      <h2 id="invite-title">{W.invite}</h2>
      <form
        data-part="form"
        onSubmit={(e) => {
          e.preventDefault();
          invite.run({ email: email.trim(), role });
        }}
      >
        <Field label={W.email} error={invite.error?.field === 'email' ? invite.error : null}>
          {(attrs) => (
            <input
              {...attrs}
              name="invite-email"
              type="email"
              autoComplete="off"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={W.role}>
          {(attrs) => (
            <select {...attrs} value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {W.roles[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {invite.error?.field !== 'email' && <ErrorText error={invite.error} />}
        <button type="submit" data-part="primary" disabled={invite.phase === 'running'}>
          {W.inviteButton}
        </button>
      </form>
      {link && (
        <div data-part="invite-link">
          <h3>{W.inviteLink}</h3>
          <p data-part="hint">{W.inviteLinkHint(formatWhen(link.expiresAt))}</p>
          <p>
            <code id="invite-link-text">{link.inviteLink}</code>
          </p>
          <CopyButton text={link.inviteLink} target="invite-link-text" />
        </div>
      )}
    </section>
  );
}
