/** Sign-in (issue 32 §2): email and password, filled by a password manager; a refusal, or the throttled wait. */
import { useState } from 'react';
import { selectError, selectPhase, selectRetryAfter } from '../../machines/console-session';
import { useSessionActor, useSession } from '../context';
import { W } from '../messages';
import { ErrorText, Heading } from '../ui';

export function SignInScreen() {
  const session = useSessionActor();
  const phase = useSession(selectPhase);
  const error = useSession(selectError);
  const wait = useSession(selectRetryAfter);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const busy = phase === 'signingIn';
  const throttled = phase === 'throttled';
  return (
    <section data-part="screen" data-screen="sign-in">
      <Heading>{W.screens.signIn}</Heading>
      <form
        data-part="form"
        // the console words its own refusals (the browser's bubbles are not announced alike)
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          session.send({ type: 'SIGN_IN.SUBMIT', email, password });
        }}
      >
        <div data-part="field">
          <label htmlFor="sign-in-email">{W.email}</label>
          <input
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div data-part="field">
          <label htmlFor="sign-in-password">{W.password}</label>
          <input
            id="sign-in-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </div>
        {throttled ? (
          <p role="alert" data-part="error">
            {W.throttled(wait)}
          </p>
        ) : (
          <ErrorText error={error} />
        )}
        <button type="submit" data-part="primary" disabled={busy || throttled}>
          {busy ? W.signingIn : W.signInButton}
        </button>
      </form>
    </section>
  );
}
