/**
 * A site's videos, action buttons and presence videos through the console's API (docs/console.md "Videos, action
 * buttons and presence videos"), over real HTTP on SQLite and PostgreSQL: roles, another site's ids answered 404,
 * every upload refusal (type by content, size, WebVTT), nothing half stored, and the audit entries.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../server/admin';
import { UPLOAD_KINDS } from '../../contract/uploads';
import { uploadsRunning } from '../../server/console/upload-slots';
import { API_KEY, startServer, type TestServer } from './harness';

type Json = Record<string, unknown>;

let s: TestServer;
const PASSWORD = 'correct horse battery staple';
const media = (name: string) => readFile(path.join(__dirname, '../../demo/media', name));
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa0d5c5a40000000049454e44ae426082',
  'hex',
);

/** A browser of the console: keeps its cookie and CSRF token, sends the console's own Origin. */
class Browser {
  cookie: string | undefined;
  csrf: string | undefined;

  async call(pathname: string, init: { method?: string; body?: unknown; raw?: Uint8Array; fileName?: string } = {}) {
    const headers = new Headers();
    const method = init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST');
    if (method !== 'GET') headers.set('Origin', s.base);
    if (this.cookie) headers.set('Cookie', `console_session=${this.cookie}`);
    if (this.csrf && method !== 'GET') headers.set('X-CSRF-Token', this.csrf);
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    if (init.raw !== undefined) headers.set('Content-Type', 'application/octet-stream');
    if (init.fileName) headers.set('X-File-Name', encodeURIComponent(init.fileName));
    const res = await fetch(`${s.base}/console/api/${pathname}`, {
      method,
      headers,
      body: init.raw ? new Uint8Array(init.raw) : init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    expect(res.status, `${method} ${pathname}`).toBeLessThan(500);
    for (const c of res.headers.getSetCookie()) {
      const m = /^console_session=([^;]*)/.exec(c);
      if (m) this.cookie = m[1] || undefined;
    }
    const text = await res.text();
    const body = text ? (JSON.parse(text) as unknown) : null;
    if (body && typeof (body as Json).csrfToken === 'string') this.csrf = (body as Json).csrfToken as string;
    return { status: res.status, body: body as Json & Json[] };
  }

  upload(pathname: string, raw: Uint8Array, fileName: string) {
    return this.call(pathname, { method: 'PUT', raw, fileName });
  }
}

/** A signed-in account with `role` on `siteId` (the CLI's invitation, accepted). */
async function member(email: string, siteId: string, role: string): Promise<Browser> {
  const browser = new Browser();
  const printed = await runAdmin(s.storage, ['member:invite', siteId, '--email', email, '--role', role], { publicUrl: s.base });
  const token = /\/console\/invite\/([A-Za-z0-9_-]+)/.exec(printed)![1]!;
  expect((await browser.call(`invites/${token}`, { body: { password: PASSWORD } })).status).toBe(200);
  return browser;
}

let siteA: string;
let siteB: string;
let editor: Browser;
let viewer: Browser;
let otherOwner: Browser;

const audit = async (action: string) => (await s.storage.listAudit(siteA, { limit: 1000 })).filter((e) => e.action === action);

beforeAll(async () => {
  s = await startServer({ console: { scryptCost: { N: 1024, r: 8, p: 1 } } });
  siteA = s.site.id;
  siteB = (await s.storage.createSite({ name: 'Other shop', apiKey: `${API_KEY}B`, origins: ['https://other.example'] })).id;
  editor = await member('editor@a.example', siteA, 'editor');
  viewer = await member('viewer@a.example', siteA, 'viewer');
  otherOwner = await member('owner@b.example', siteB, 'owner');
});

afterAll(async () => {
  await s.stop();
  await s.remove();
});

describe('action buttons per path', () => {
  it('adds, edits, reorders and removes (editors), lists (viewers), each change audited with before and after', async () => {
    const a = await editor.call(`sites/${siteA}/buttons`, {
      body: { path: '/pricing', name: ' Prices ', buttonType: 'ACTION', actionMessage: 'What does it cost?' },
    });
    expect(a).toMatchObject({
      status: 201,
      body: { path: '/pricing', name: 'Prices', buttonType: 'ACTION', actionMessage: 'What does it cost?' },
    });
    const b = await editor.call(`sites/${siteA}/buttons`, {
      body: { path: '/pricing', name: 'Docs', buttonType: 'EXTERNAL_LINK', externalUrl: 'https://docs.example/fees' },
    });
    expect(b.status).toBe(201);
    const [idA, idB] = [a.body.id as string, b.body.id as string];

    const listed = await viewer.call(`sites/${siteA}/buttons`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((t) => t.name)).toEqual(['Prices', 'Docs']);
    expect(await audit('button.add')).toHaveLength(2);

    const edited = await editor.call(`sites/${siteA}/buttons/${idA}`, {
      method: 'PUT',
      body: { path: '/pricing', name: 'Fees', buttonType: 'ACTION', actionMessage: 'What are the fees?' },
    });
    expect(edited).toMatchObject({ status: 200, body: { id: idA, name: 'Fees', actionMessage: 'What are the fees?' } });
    const [edit] = await audit('button.edit');
    expect(edit).toMatchObject({
      before: { name: 'Prices' },
      after: { name: 'Fees' },
      actor: { kind: 'account', email: 'editor@a.example' },
    });

    const reordered = await editor.call(`sites/${siteA}/buttons/reorder`, { body: { path: '/pricing', ids: [idB, idA] } });
    expect(reordered.status).toBe(200);
    expect((await s.storage.actionTriggersForPath(siteA, '/pricing')).map((t) => t.id)).toEqual([idB, idA]);
    expect((await audit('button.reorder'))[0]).toMatchObject({ before: { ids: [idA, idB] }, after: { ids: [idB, idA] } });
    // a list that is not exactly the path's buttons (one added meanwhile) changes nothing
    expect((await editor.call(`sites/${siteA}/buttons/reorder`, { body: { path: '/pricing', ids: [idA] } })).status).toBe(409);

    // the widget's API offers them on the path, in their order
    const token = await s.boot();
    const offered = await s.call('/api/action-triggers?path=%2Fpricing', { token });
    expect(((await offered.json()) as { actionButtons: Json[] }).actionButtons.map((t) => t.name)).toEqual(['Docs', 'Fees']);

    expect((await editor.call(`sites/${siteA}/buttons/${idB}`, { method: 'DELETE' })).status).toBe(204);
    expect((await audit('button.remove'))[0]).toMatchObject({ before: { id: idB, name: 'Docs' }, after: null });
    expect((await s.storage.listActionTriggers(siteA)).map((t) => t.id)).toEqual([idA]);
  });

  it('refuses a bad button with the field and what it allows, storing nothing', async () => {
    const before = (await s.storage.listActionTriggers(siteA)).length;
    for (const [body, field] of [
      [{ path: 'pricing', name: 'X', buttonType: 'ACTION', actionMessage: 'Hi' }, 'path'],
      [{ path: '/x', name: '  ', buttonType: 'ACTION', actionMessage: 'Hi' }, 'name'],
      [{ path: '/x', name: 'X', buttonType: 'POPUP', actionMessage: 'Hi' }, 'buttonType'],
      [{ path: '/x', name: 'X', buttonType: 'EXTERNAL_LINK', externalUrl: 'javascript:alert(1)' }, 'externalUrl'],
      [{ path: '/x', name: 'X', buttonType: 'ACTION', actionMessage: '' }, 'actionMessage'],
    ] as const) {
      const r = await editor.call(`sites/${siteA}/buttons`, { body });
      expect(r.status, field).toBe(400);
      expect(r.body).toMatchObject({ error: 'INVALID', field, allowed: expect.anything() });
    }
    expect(await s.storage.listActionTriggers(siteA)).toHaveLength(before);
  });

  it('refuses a viewer’s change (403), and answers another site’s buttons 404 whoever asks', async () => {
    const body = { path: '/x', name: 'X', buttonType: 'ACTION', actionMessage: 'Hi' };
    expect((await viewer.call(`sites/${siteA}/buttons`, { body })).status).toBe(403);
    const theirs = await otherOwner.call(`sites/${siteB}/buttons`, { body });
    expect(theirs.status).toBe(201);
    const id = theirs.body.id as string;
    expect((await editor.call(`sites/${siteB}/buttons`)).status).toBe(404);
    expect((await editor.call(`sites/${siteB}/buttons`, { body })).status).toBe(404);
    // B's button through A's site, where the editor has a role: 404 as well, and nothing of it changes
    expect((await editor.call(`sites/${siteA}/buttons/${id}`, { method: 'PUT', body })).status).toBe(404);
    expect((await editor.call(`sites/${siteA}/buttons/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await s.storage.listActionTriggers(siteB)).map((t) => t.id)).toEqual([id]);
  });
});

describe('videos', () => {
  let videoId: string;

  it('adds a video and sets its description, transcript and embed settings, validated once', async () => {
    const added = await editor.call(`sites/${siteA}/videos`, { body: { name: 'Welcome', description: 'Hello' } });
    expect(added).toMatchObject({ status: 201, body: { name: 'Welcome', video: null, settings: { shareEnabled: true, controls: true } } });
    videoId = added.body.id as string;
    expect(added.body.snippet).toBe(`<div class="video-embedding-slot" data-embed-token="${added.body.embedToken as string}"></div>`);

    const saved = await editor.call(`sites/${siteA}/videos/${videoId}`, {
      method: 'PATCH',
      body: { transcript: 'Hi there.', settings: { shareEnabled: false, embedBrandColor: '#e11d48', loop: true } },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        description: 'Hello',
        transcript: 'Hi there.',
        settings: { shareEnabled: false, embedBrandColor: '#e11d48', loop: true, controls: true },
      },
    });
    expect((await audit('video.edit'))[0]).toMatchObject({ before: { settings: { loop: false } }, after: { settings: { loop: true } } });

    for (const [body, field] of [
      [{ settings: { embedBrandColor: '#e11d4' } }, 'settings.embedBrandColor'],
      [{ settings: { autoplay: 'yes' } }, 'settings.autoplay'],
      [{ settings: { shareOn: true } }, 'settings.shareOn'],
      [{ name: '' }, 'name'],
    ] as const) {
      const r = await editor.call(`sites/${siteA}/videos/${videoId}`, { method: 'PATCH', body });
      expect(r.status, field).toBe(400);
      expect(r.body).toMatchObject({ error: 'INVALID', field });
    }
    expect((await viewer.call(`sites/${siteA}/videos/${videoId}`, { method: 'PATCH', body: { name: 'X' } })).status).toBe(403);
    expect((await viewer.call(`sites/${siteA}/videos`)).body.map((v) => v.name)).toEqual(['Welcome']);
  });

  it('uploads a file, a poster and captions, told by their content, and the widget serves them', async () => {
    const file = await editor.upload(`sites/${siteA}/videos/${videoId}/video`, await media('horizon-welcome.webm'), 'welcome.webm');
    expect(file).toMatchObject({ status: 200, body: { video: { filename: 'welcome.webm' } } });
    // a poster named .jpg that is a png is stored as what it is
    const poster = await editor.upload(`sites/${siteA}/videos/${videoId}/poster`, PNG, 'poster.jpg');
    expect(poster).toMatchObject({ status: 200, body: { poster: { filename: 'poster.png' } } });
    const captions = await editor.upload(`sites/${siteA}/videos/${videoId}/captions`, await media('horizon-welcome.vtt'), 'en.vtt');
    expect(captions.status).toBe(200);
    const served = await fetch(`${s.base}${(captions.body.captions as Json).url as string}`);
    expect(served.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await served.text()).toMatch(/^WEBVTT/);
    // every stored file, opened on the server's origin, runs and loads nothing
    for (const url of [captions.body.captions, poster.body.poster].map((f) => (f as Json).url as string)) {
      const res = await fetch(`${s.base}${url}`);
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      await res.body?.cancel();
    }
    expect((await audit('video.video'))[0]).toMatchObject({ before: { video: null }, after: { video: 'welcome.webm' } });

    const token = await s.boot();
    const boot = await s.call(`/video/${captions.body.embedToken as string}/boot`, { token });
    expect(await boot.json()).toMatchObject({
      video: { videoUrl: expect.stringContaining('/welcome.webm'), embedSettings: { loop: true } },
    });
  });

  it('refuses every wrong upload with a clear error and keeps what the video had', async () => {
    const was = await s.storage.getVideo(videoId);
    const audited = (await s.storage.listAudit(siteA, { limit: 1000 })).length;
    const refusals: [string, Uint8Array, string, number, RegExp][] = [
      // a pdf renamed .mp4: the bytes say what it is
      [
        'video',
        Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n'),
        'clip.mp4',
        415,
        /content is PDF, which is not a video type/,
      ],
      ['video', PNG, 'clip.webm', 415, /content is PNG/],
      ['poster', await media('horizon-welcome.webm'), 'poster.png', 415, /content is WEBM, which is not a poster type/],
      ['poster', Buffer.from('not an image at all'), 'poster.png', 415, /not a poster type/],
      ['captions', Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHi\n'), 'en.vtt', 400, /does not start with "WEBVTT"/],
      ['captions', Buffer.from('WEBVTT\n\n00:01 --> 00:02.000\nHi\n'), 'en.vtt', 400, /Line 3 .* not a cue timing/],
      ['captions', Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), 'en.vtt', 400, /not UTF-8/],
      ['captions', Buffer.alloc(0), 'en.vtt', 400, /empty/],
      ['poster', Buffer.concat([PNG, Buffer.alloc(UPLOAD_KINDS.poster.maxBytes)]), 'big.png', 413, /larger than 5 MB/],
    ];
    for (const [kind, bytes, name, status, message] of refusals) {
      const r = await editor.upload(`sites/${siteA}/videos/${videoId}/${kind}`, bytes, name);
      expect(r.status, `${kind} ${name}`).toBe(status);
      expect(r.body).toMatchObject({ error: { 400: 'INVALID', 413: 'TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' }[status], field: kind });
      expect(r.body.message).toMatch(message);
    }
    // a 413 ends the connection, as the documents' route does: the rest of the body is not read
    const headers = { Origin: s.base, Cookie: `console_session=${editor.cookie!}`, 'X-CSRF-Token': editor.csrf! };
    const tooLarge = await fetch(`${s.base}/console/api/sites/${siteA}/videos/${videoId}/poster`, {
      method: 'PUT',
      headers,
      body: new Uint8Array(UPLOAD_KINDS.poster.maxBytes + 1),
    });
    expect({ status: tooLarge.status, connection: tooLarge.headers.get('connection') }).toEqual({ status: 413, connection: 'close' });
    await tooLarge.body?.cancel();
    // an account's third upload at once is 429, with Retry-After (docs/console.md "Documents and uploads")
    const finishes: (() => void)[] = [];
    const heldUploads = [0, 1].map(() =>
      fetch(`${s.base}/console/api/sites/${siteA}/videos/${videoId}/captions`, {
        method: 'PUT',
        headers,
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(Buffer.from('WEBVTT\n'));
            finishes.push(() => controller.error(new Error('given up')));
          },
        }),
        duplex: 'half',
      } as RequestInit).catch(() => null),
    );
    await vi.waitFor(() => expect(uploadsRunning()).toBe(2));
    const third = await editor.upload(`sites/${siteA}/videos/${videoId}/captions`, Buffer.from('WEBVTT\n'), 'en.vtt');
    expect(third).toMatchObject({ status: 429, body: { error: 'THROTTLED', message: expect.stringMatching(/2 uploads running/) } });
    // uploads given up by their client give their slots back, and store nothing
    for (const finish of finishes) finish();
    await Promise.all(heldUploads);
    await vi.waitFor(() => expect(uploadsRunning()).toBe(0));
    expect(await s.storage.getVideo(videoId)).toEqual(was);
    expect((await s.storage.listAudit(siteA, { limit: 1000 })).length).toBe(audited);
    // roles and sites: a viewer may not upload; another site's video is 404 through either site
    expect((await viewer.upload(`sites/${siteA}/videos/${videoId}/poster`, PNG, 'p.png')).status).toBe(403);
    expect((await otherOwner.upload(`sites/${siteB}/videos/${videoId}/poster`, PNG, 'p.png')).status).toBe(404);
    expect((await otherOwner.call(`sites/${siteA}/videos/${videoId}`)).status).toBe(404);
    expect((await editor.upload(`sites/${siteA}/videos/${videoId}/thumbnail`, PNG, 'p.png')).status).toBe(400);
    // an upload is a state-changing call like any other: without the session's CSRF token it is refused
    const forged = await fetch(`${s.base}/console/api/sites/${siteA}/videos/${videoId}/poster`, {
      method: 'PUT',
      headers: { Origin: s.base, Cookie: `console_session=${editor.cookie!}`, 'Content-Type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: 'CSRF' });
  });

  it('never stores half an upload: a change that fails leaves the file and the video as they were', async () => {
    const was = (await s.storage.getVideo(videoId))!;
    await expect(
      s.storage.setVideoFile(siteA, videoId, 'poster', { filename: 'new.png', contentType: 'image/png', bytes: PNG }, () => {
        throw new Error('the audit entry could not be written');
      }),
    ).rejects.toThrow(/audit entry/);
    expect(await s.storage.getVideo(videoId)).toEqual(was);
    // the file it had is still served (its replacement would have deleted it)
    expect((await s.storage.getFile(was.thumbnailFileId!))?.filename).toBe('poster.png');
  });
});

describe('presence videos per path', () => {
  it('adds one of the site’s videos on a path, lists and removes it, refusing another site’s video', async () => {
    const [video] = await s.storage.listVideos(siteA);
    const theirs = await otherOwner.call(`sites/${siteB}/videos`, { body: { name: 'Theirs' } });
    const refused = await editor.call(`sites/${siteA}/presence`, { body: { path: '/welcome', videoId: theirs.body.id } });
    expect(refused).toMatchObject({ status: 400, body: { field: 'videoId' } });

    const added = await editor.call(`sites/${siteA}/presence`, { body: { path: '/welcome', videoId: video!.id, content: 'Hello!' } });
    expect(added).toMatchObject({ status: 201, body: { path: '/welcome', videoId: video!.id, videoName: 'Welcome', content: 'Hello!' } });
    expect((await viewer.call(`sites/${siteA}/presence`)).body).toEqual([added.body]);
    expect(await s.storage.presenceMessagesForPath(siteA, '/welcome')).toHaveLength(1);
    expect((await audit('presence.add'))[0]).toMatchObject({ before: null, after: { path: '/welcome' } });

    expect((await viewer.call(`sites/${siteA}/presence/${added.body.id as string}`, { method: 'DELETE' })).status).toBe(403);
    expect((await otherOwner.call(`sites/${siteB}/presence/${added.body.id as string}`, { method: 'DELETE' })).status).toBe(404);
    expect((await editor.call(`sites/${siteA}/presence/${added.body.id as string}`, { method: 'DELETE' })).status).toBe(204);
    expect(await s.storage.presenceMessagesForPath(siteA, '/welcome')).toEqual([]);
    expect((await audit('presence.remove'))[0]).toMatchObject({ before: { path: '/welcome' }, after: null });
  });
});

describe('removing a video', () => {
  it('removes it with its files and the presence videos that show it (editors), audited; 404 for another site', async () => {
    const [video] = await s.storage.listVideos(siteA);
    const shown = await editor.call(`sites/${siteA}/presence`, { body: { path: '/bye', videoId: video!.id } });
    expect(shown.status).toBe(201);
    expect((await viewer.call(`sites/${siteA}/videos/${video!.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await otherOwner.call(`sites/${siteB}/videos/${video!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await editor.call(`sites/${siteA}/videos/${video!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await s.storage.getVideo(video!.id)).toBeNull();
    expect(await s.storage.getFile(video!.fileId!)).toBeNull();
    expect(await s.storage.presenceMessagesForPath(siteA, '/bye')).toEqual([]);
    expect((await audit('video.remove'))[0]).toMatchObject({ before: { id: video!.id, name: 'Welcome' }, after: null });
    expect((await editor.call(`sites/${siteA}/videos/${video!.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
