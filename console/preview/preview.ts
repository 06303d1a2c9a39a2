/**
 * The appearance editor's sample host page (`/console/preview?site=ID`, docs/console.md "The appearance preview"):
 * it asks the console's API for a preview key of the site, loads the real widget.js with it as any site's page
 * does. The editor (on this same origin) calls the page's widget itself: `AIChatWidget.setAppearance` with its draft,
 * `open` and `close` (console/appearance/preview-widget.ts); until the widget is ready the page's stub queues them.
 * The page takes no messages.
 */
import './preview.css';

type Call = [string, ...unknown[]];
interface Widget {
  q?: Call[];
  [method: string]: unknown;
}

const w = window as unknown as { AIChatWidget?: Widget };

/** The stub of docs/embedding.md "Programmatic API": calls made before the script has loaded are queued. */
function stub(): Widget {
  const api: Widget = w.AIChatWidget ?? { q: [] };
  for (const m of ['open', 'close', 'setAppearance'])
    api[m] ??= (...args: unknown[]) => {
      api.q!.push([m, ...args]);
    };
  w.AIChatWidget = api;
  return api;
}

/** A preview key of the site (`POST sites/:id/preview-key`), through the console's session. */
async function previewKey(site: string): Promise<string> {
  const session = await fetch('/console/api/session', { credentials: 'same-origin' });
  if (!session.ok) throw new Error(`session: ${session.status}`);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const res = await fetch(`/console/api/sites/${encodeURIComponent(site)}/preview-key`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
    body: '{}',
  });
  if (!res.ok) throw new Error(`preview key: ${res.status}`);
  return ((await res.json()) as { apiKey: string }).apiKey;
}

function loadWidget(apiKey: string) {
  const script = document.createElement('script');
  script.src = '/widget.js';
  script.dataset.apiKey = apiKey;
  script.dataset.apiUrl = `${location.origin}/api`;
  script.dataset.baseUrl = `${location.origin}/`;
  document.body.append(script);
}

/**
 * The slot of the video `token` (the Videos screen's preview, `?video=TOKEN`), as a site's page carries it
 * (docs/embedding.md): the real widget finds it and draws the real viewer.
 */
export function addVideoSlot(token: string, doc: Document = document) {
  const slot = doc.createElement('div');
  slot.className = 'video-embedding-slot';
  slot.dataset.embedToken = token;
  doc.querySelector('main')?.prepend(slot);
}

function start() {
  const status = document.getElementById('preview-status');
  const params = new URLSearchParams(location.search);
  const site = params.get('site');
  const video = params.get('video');
  if (video) addVideoSlot(video);
  // before the page's load event, so that the editor's calls from then on are queued until the widget is ready
  stub();
  if (!site) {
    if (status) status.textContent = 'No site given.';
    return;
  }
  // a document's preview (the documents screen): its slot on this page, drawn by the real viewer
  const doc = new URLSearchParams(location.search).get('doc');
  if (doc) {
    const slot = document.createElement('div');
    slot.className = 'smart-doc-embedding-slot';
    slot.dataset.embedToken = doc;
    document.querySelector('main')?.append(slot);
  }
  previewKey(site)
    .then(loadWidget)
    .catch(() => {
      if (status) status.textContent = 'The preview could not start: sign in to the console again, then reload.';
    });
}

// the page's script (not when a test imports its functions)
if (document.getElementById('preview-status')) start();
