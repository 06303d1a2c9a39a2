/**
 * An invitation (issue 32 §2, `/console/invite/:token`): whose it is, then a new password (at least 12 characters;
 * the server's refusal of a common one shows at the field); accepted, the person is signed in. Opened while signed
 * in, it shows the invitation: the account's own password accepts one for its email (the server decides), and one
 * for another email offers to sign out, to accept it as that person.
 */
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../machines/console-constants';
import { selectAccepting, selectAccount, selectError } from '../../machines/console-session';
import { useSession, useSessionActor } from '../context';
import { formatWhen, W } from '../messages';
import type { ScreenProps } from '.';
import { ErrorText, Field, Heading, LoadState, useLoad } from '../ui';

export function InviteScreen({ token, api }: Pick<ScreenProps, 'token' | 'api'>) {
  const invite = useLoad(() => api.invite(token));
  const session = useSessionActor();
  const accepting = useSession(selectAccepting);
  const account = useSession(selectAccount);
  const error = useSession(selectError);
  const [password, setPassword] = useState('');
  const fieldError = error?.field === 'password' ? error : null;
  return (
    <section data-part="screen" data-screen="invite">
      <Heading>{account ? W.invitation : W.screens.invite}</Heading>
      {invite.phase === 'failed' && invite.error?.code === 'NOT_FOUND' ? (
        <p role="alert" data-part="error">
          {W.inviteGone}
        </p>
      ) : !invite.data ? (
        <LoadState {...invite} />
      ) : account && account.email.toLowerCase() !== invite.data.email.toLowerCase() ? (
        <div data-part="form">
          <p>{W.inviteFor(invite.data.email)}</p>
          {invite.data.siteName && <p>{W.inviteToSite(invite.data.siteName, W.roles[invite.data.role ?? 'viewer'] ?? '')}</p>}
          <p>{W.inviteOtherAccount(account.email, invite.data.email)}</p>
          <button type="button" data-part="primary" onClick={() => session.send({ type: 'SIGN_OUT' })}>
            {W.signOutToAccept}
          </button>
        </div>
      ) : (
        <form
          data-part="form"
          // the console words its own refusals at the field (the browser's bubbles are not announced alike)
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            session.send({ type: 'INVITE.ACCEPT', token, password });
          }}
        >
          <p>{W.inviteFor(invite.data.email)}</p>
          {invite.data.siteName && <p>{W.inviteToSite(invite.data.siteName, W.roles[invite.data.role ?? 'viewer'] ?? '')}</p>}
          <p data-part="hint">{W.inviteExpires(formatWhen(invite.data.expiresAt))}</p>
          {/* the account's name for password managers, which save the new password under it */}
          <input type="email" name="username" autoComplete="username" value={invite.data.email} readOnly hidden />
          {account ? <p>{W.inviteOwnAccount(account.email)}</p> : invite.data.hasAccount && <p>{W.existingAccount}</p>}
          <Field
            label={invite.data.hasAccount ? W.password : W.newPassword}
            hint={invite.data.hasAccount ? undefined : W.passwordHint(MIN_PASSWORD_LENGTH)}
            error={fieldError}
          >
            {(attrs) => (
              <input
                {...attrs}
                name="password"
                type="password"
                autoComplete={invite.data?.hasAccount ? 'current-password' : 'new-password'}
                required
                minLength={invite.data?.hasAccount ? undefined : MIN_PASSWORD_LENGTH}
                value={password}
                onInput={(e) => setPassword(e.currentTarget.value)}
              />
            )}
          </Field>
          {/* a 409 here: the email has had an account made since the page loaded (docs/console.md `POST invites/:token`) */}
          {!fieldError && <ErrorText error={error?.code === 'CONFLICT' ? { code: 'INVITE_ACCOUNT_EXISTS' } : error} />}
          <button type="submit" data-part="primary" disabled={accepting}>
            {accepting ? W.saving : invite.data.hasAccount ? W.acceptInvite : W.setPassword}
          </button>
        </form>
      )}
    </section>
  );
}
