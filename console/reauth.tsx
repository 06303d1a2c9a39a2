/**
 * The password dialog (docs/console.md "One's own account"): a sensitive change answered 403 `REAUTH_REQUIRED` asks
 * for the password here (`POST reauth`), then the client makes the call again; Cancel (or Escape) lets the call fail
 * with `REAUTH_REQUIRED`, which its screen shows as it shows any refusal. Loaded on demand the first time a call needs
 * it (console/reauth-prompt.tsx), over whatever screen made the call: a native modal `<dialog>` (the page behind is
 * inert); the focus starts in the password field and returns to where it was.
 */
import { useEffect, useRef, useState } from 'react';
import { selectAccount } from '../machines/console-session';
import { reauthenticate } from './account-api';
import { useApi, useSession } from './context';
import { W } from './messages';
import { accountErrorText } from './screens/account-errors';
import { PasswordField } from './screens/account-field';
import { useTask } from './ui';

const R = {
  title: 'Confirm your password',
  text: 'This change needs your password. Once you confirm it, the console does not ask again for a while.',
  confirm: 'Confirm',
  confirming: 'Confirming…',
};

export function ReauthDialog({ onClose }: { onClose: (confirmed: boolean) => void }) {
  const api = useApi();
  const account = useSession(selectAccount);
  const task = useTask((password: string) => reauthenticate(api, password));
  const [password, setPassword] = useState('');
  const ref = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal?.();
    field.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  // a session that ends meanwhile (401 at POST reauth, another tab's sign-out): nothing to confirm any more
  useEffect(() => {
    if (!account) onClose(false);
  }, [account, onClose]);
  useEffect(() => {
    if (task.phase === 'done') onClose(true);
    // a wrong password: the field is emptied and takes the focus again, its error read out
    if (task.phase === 'failed') {
      setPassword('');
      field.current?.focus();
    }
  }, [task.phase, onClose]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="reauth-title"
      aria-describedby="reauth-text"
      data-part="dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
    >
      <form
        data-part="form"
        onSubmit={(e) => {
          e.preventDefault();
          task.run(password);
        }}
      >
        <h2 id="reauth-title">{R.title}</h2>
        <p id="reauth-text">{R.text}</p>
        {/* the account's name for password managers, which fill its password */}
        <input type="email" name="username" autoComplete="username" value={account?.email ?? ''} readOnly hidden />
        <PasswordField
          label={W.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onInput={setPassword}
          inputRef={field}
          error={task.error ? accountErrorText(task.error) : undefined}
        />
        <div data-part="actions">
          <button type="button" onClick={() => onClose(false)}>
            {W.cancel}
          </button>
          <button type="submit" data-part="primary" disabled={task.phase === 'running'}>
            {task.phase === 'running' ? R.confirming : R.confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
