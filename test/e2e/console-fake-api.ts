/**
 * A stand-in for the console's API (docs/console.md "HTTP API") inside Chromium, for the checks of the console's
 * screens that do not need the server's own rules (axe on every screen, the narrow layout): each call is answered
 * by `page.route` with data of the contract's shapes. The flows against the real server are in console.test.ts.
 */
import type { Page, Route } from 'playwright-core';
import { inboxAnswer } from './console-fake-api-inbox';
import { FAKE_ANALYTICS } from '../components/console-fake-api-analytics';

export const FAKE_SITE = 'site-1';
const SITE = { id: FAKE_SITE, name: 'Harbour Shoes', role: 'owner' };

const DETAIL = {
  ...SITE,
  origins: ['self', 'https://www.harbour-shoes.example'],
  config: { pageAwareness: true, avatarId: 'Anna', referenceWebpage: 'https://www.harbour-shoes.example/help' },
  apiKey: 'pk_live_4f9a1c2e7b',
  previousKey: { validUntil: '2026-11-27T10:00:00Z' },
  keyGraceSeconds: 86_400,
  snippet:
    '<script src="https://chat.example/widget.js" data-api-key="pk_live_4f9a1c2e7b" data-api-url="https://chat.example/api" data-base-url="https://chat.example/" defer></script>',
  appearanceVersion: 3,
};

/** One's sessions: this one, another browser, and one signed in without a User-Agent. */
const ACCOUNT_SESSIONS = [
  {
    id: 'h1',
    createdAt: '2026-11-26T08:00:00Z',
    lastSeenAt: '2026-11-26T10:00:00Z',
    current: true,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
  {
    id: 'h2',
    createdAt: '2026-11-20T07:30:00Z',
    lastSeenAt: '2026-11-25T18:12:00Z',
    current: false,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  { id: 'h3', createdAt: '2026-11-02T12:00:00Z', lastSeenAt: '2026-11-03T09:00:00Z', current: false },
];

/** The password the stand-in's re-authentication takes. */
export const FAKE_PASSWORD = 'correct horse battery';

/** The answers, by method and path under /console/api/ (the site's id is `site-1`). */
function answer(method: string, path: string, signedIn: boolean): [number, unknown] {
  const session = { account: { id: 'acc-1', email: 'owner@harbour-shoes.example' }, csrfToken: 'csrf-1', sites: [SITE] };
  if (path === 'session') return signedIn ? [200, session] : [401, { error: 'UNAUTHENTICATED', message: 'Sign in' }];
  if (path === 'sign-in') return [200, session];
  if (path.startsWith('invites/'))
    return method === 'GET'
      ? [200, { email: 'new@harbour-shoes.example', siteName: SITE.name, role: 'editor', expiresAt: '2026-11-27T10:00:00Z' }]
      : [200, session];
  if (!signedIn) return [401, { error: 'UNAUTHENTICATED', message: 'Sign in' }];
  const site = `sites/${FAKE_SITE}`;
  if (path === 'sites') return [200, [SITE, { id: 'site-2', name: 'Harbour Blog', role: 'viewer' }]];
  if (path === site) return [200, DETAIL];
  if (path === `${site}/key`) return [200, { apiKey: 'pk_live_8d2e5f1a0c', previousKey: { validUntil: '2026-11-27T10:00:00Z' } }];
  if (path === `${site}/refused-origins`)
    return [200, [{ origin: 'https://shop.harbour-shoes.example', lastSeenAt: '2026-11-26T09:12:00Z', count: 14 }]];
  if (path === `${site}/members`)
    return [
      200,
      [
        { accountId: 'acc-1', email: 'owner@harbour-shoes.example', role: 'owner', invitePending: false },
        { accountId: 'acc-2', email: 'editor@harbour-shoes.example', role: 'editor', invitePending: false },
        { inviteId: 'inv_1', email: 'new@harbour-shoes.example', role: 'viewer', invitePending: true },
      ],
    ];
  if (path.startsWith(`${site}/audit`))
    return [
      200,
      [
        {
          id: 2,
          at: '2026-11-26T09:30:00Z',
          who: 'owner@harbour-shoes.example',
          what: 'site.origins',
          before: ['self'],
          after: ['self', 'https://www.harbour-shoes.example'],
        },
        { id: 1, at: '2026-11-25T16:02:00Z', who: 'cli', what: 'site.create', before: null, after: { name: 'Harbour Shoes' } },
      ],
    ];
  if (path === 'account/sessions' && method === 'GET') return [200, ACCOUNT_SESSIONS];
  if (path.startsWith('account/')) return [204, null];
  if (path === `${site}/documents`)
    return [
      200,
      [
        {
          id: 'doc-1',
          name: 'Returns policy',
          type: 'docx',
          versionNumber: 2,
          embedToken: 'tok_returns_policy_0123',
          filename: 'returns-policy.docx',
          fileUrl: 'https://chat.example/files/f1/returns-policy.docx',
          hideDocHeader: false,
          hideDocFooter: false,
          hasText: true,
          slot: '<div class="smart-doc-embedding-slot" data-embed-token="tok_returns_policy_0123"></div>',
          footerButtons: [{ id: 'b1', label: 'Ask question', type: 'BUTTON', actionType: 'open_chat_modal' }],
        },
      ],
    ];
  const saved = { savedAt: '2026-11-26T09:30:00Z', savedBy: 'owner@harbour-shoes.example' };
  if (path === `${site}/appearance`) return [200, { version: 3, appearance: { agentName: 'Harbour Help' }, ...saved }];
  if (path === `${site}/appearance/versions`)
    return [
      200,
      [
        { version: 3, ...saved, restoredFrom: 1 },
        { version: 2, ...saved },
        { version: 1, savedAt: '2026-11-25T16:02:00Z', savedBy: 'cli' },
      ],
    ];
  if (path === `${site}/analytics`) return [200, FAKE_ANALYTICS];
  if (path.startsWith(`${site}/appearance/versions/`)) return [200, { version: Number(path.split('/').pop()), appearance: {}, ...saved }];
  if (path === `${site}/videos`) return [200, FAKE_VIDEOS];
  if (path === `${site}/buttons`) return [200, FAKE_BUTTONS];
  if (path === `${site}/presence`)
    return [
      200,
      [{ id: 'pr-1', path: '/', videoId: 'vid-1', videoName: 'Welcome to Harbour', content: 'Hello and welcome!', showOnVisit: true }],
    ];
  return [404, { error: 'NOT_FOUND', message: 'No route' }];
}

const FAKE_VIDEOS = [
  {
    id: 'vid-1',
    name: 'Welcome to Harbour',
    description: 'A minute on how we make our shoes.',
    transcript: 'Welcome to Harbour Shoes. Every pair is stitched by hand in our workshop by the sea.',
    embedToken: 'vtok-1',
    settings: {
      hideVideoHeader: false,
      shareEnabled: true,
      askQuestionEnabled: true,
      embedBrandColor: '#1d4ed8',
      controls: true,
      autoplay: false,
      loop: false,
      mute: false,
    },
    snippet: '<div class="video-embedding-slot" data-embed-token="vtok-1"></div>',
    video: { filename: 'welcome.webm', url: '/files/f1/welcome.webm' },
    poster: { filename: 'welcome.jpg', url: '/files/f2/welcome.jpg' },
    captions: null,
  },
];

const FAKE_BUTTONS = [
  { id: 'b-1', path: '/', name: 'Find my size', buttonType: 'ACTION', actionMessage: 'How do your sizes run?', position: 0 },
  {
    id: 'b-2',
    path: '/',
    name: 'Care guide',
    buttonType: 'EXTERNAL_LINK',
    externalUrl: 'https://www.harbour-shoes.example/care',
    position: 1,
  },
  { id: 'b-3', path: '/shop/*', name: 'Delivery times', buttonType: 'ACTION', actionMessage: 'When will my order arrive?', position: 2 },
];

/** The demo site's key, from the demo page (the appearance preview's real widget boots with it). */
async function demoKey(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/`)).text();
  return /data-api-key="([^"]+)"/.exec(html)![1]!;
}

/**
 * Answers the console's API calls on `page`; signed in unless `signedIn` is false. With `reauth`, rotating the key
 * answers 403 REAUTH_REQUIRED until `POST reauth` gives FAKE_PASSWORD (a wrong one: 401 SIGN_IN_FAILED).
 */
export async function fakeConsoleApi(page: Page, { signedIn = true, reauth = false } = {}) {
  let fresh = !reauth;
  await page.route('**/console/api/**', async (route: Route) => {
    const url = new URL(route.request().url());
    const json = (status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (reauth && url.pathname === '/console/api/reauth') {
      if (route.request().postDataJSON()?.password !== FAKE_PASSWORD) return json(401, { error: 'SIGN_IN_FAILED', message: 'Wrong' });
      fresh = true;
      return route.fulfill({ status: 204 });
    }
    if (!fresh && url.pathname === `/console/api/sites/${FAKE_SITE}/key`)
      return json(403, { error: 'REAUTH_REQUIRED', message: 'Confirm' });
    if (signedIn && url.pathname === `/console/api/sites/${FAKE_SITE}/preview-key`)
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ apiKey: await demoKey(url.origin), expiresAt: '2026-11-26T11:30:00Z' }),
      });
    const method = route.request().method();
    const path = url.pathname.replace('/console/api/', '');
    const [status, body] =
      (signedIn && inboxAnswer(method, path, url.searchParams, `sites/${FAKE_SITE}`)) || answer(method, path, signedIn);
    return route.fulfill({ status, contentType: 'application/json', headers: { 'Cache-Control': 'no-store' }, body: JSON.stringify(body) });
  });
}
