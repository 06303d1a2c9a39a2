/** The console's browser entry (docs/console.md): the actor system with the browser's effects, then the frame. */
import './console.css';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './api';
import { App } from './app';
import { ApiContext, ConsoleActorContext } from './context';
import { browserConsole } from './effects';
import { reauthPrompt } from './reauth-prompt';

const root = document.getElementById('console');
if (!root) throw new Error('The console needs an element with id "console".');
// a call answering 401 ends the session in the app too: what it shows is cleared (send is bound once the root starts)
let expired: () => void = () => {};
// a sensitive change answered REAUTH_REQUIRED asks for the password in a dialog (loaded the first time it is needed)
const reauth = reauthPrompt();
const api = createApi({ onUnauthenticated: () => expired(), reauth: reauth.ask });
const logic = browserConsole(api);
root.replaceChildren();
createRoot(root).render(
  <ApiContext.Provider value={api}>
    <ConsoleActorContext.Provider logic={logic} options={{ input: { path: location.pathname } }}>
      <Expiry
        bind={(send) => {
          expired = send;
        }}
      />
      <App />
      <reauth.Prompt />
    </ConsoleActorContext.Provider>
  </ApiContext.Provider>,
);

/** Gives the API client the root's SESSION.EXPIRED. */
function Expiry({ bind }: { bind: (send: () => void) => void }) {
  const root = ConsoleActorContext.useActorRef();
  useEffect(() => bind(() => root.send({ type: 'SESSION.EXPIRED' })), [root, bind]);
  return null;
}
