/**
 * Re-authentication in the console's first visit: the hook the API client calls on 403 `REAUTH_REQUIRED`
 * (`ApiOptions.reauth`) and the place in the frame where the password dialog shows (console/reauth.tsx, loaded on
 * demand the first time a call needs it).
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const Dialog = lazy(() => import('./reauth').then((m) => ({ default: m.ReauthDialog })));

/** The hook and the dialog's place, bound to each other. */
export function reauthPrompt() {
  // until the frame has drawn, nobody can be asked: the call fails as refused
  let show = (answer: (confirmed: boolean) => void) => answer(false);
  let asking: Promise<boolean> | undefined;
  return {
    /** True once the password is confirmed, false when cancelled; calls refused together wait for the same answer. */
    ask: () => (asking ??= new Promise<boolean>((resolve) => show(resolve)).finally(() => (asking = undefined))),
    /** Drawn inside the console's providers, after the frame. */
    Prompt() {
      const [answer, setAnswer] = useState<((confirmed: boolean) => void) | null>(null);
      useEffect(() => {
        show = (a) => setAnswer(() => a);
      }, []);
      return answer ? (
        <Suspense fallback={null}>
          <Dialog
            onClose={(confirmed) => {
              setAnswer(null);
              answer(confirmed);
            }}
          />
        </Suspense>
      ) : null;
    },
  };
}
