/**
 * The viewers in the host page's slots, end to end over startEmbeds with the real machines
 * and effects and only the network faked (embeds-harness.ts): the smart document viewer
 * (widget-spec §2 "Smart document viewer", §3 smart doc and footer buttons, §8 errors) and
 * the video viewer (§2 "Video viewer", §4 "Video autoplay", "Video speed button", §5 Share
 * and Ask question). Queries run inside each slot's shadow root.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BASE,
  createEmbeds,
  deepActiveElement,
  deferred,
  docSlot,
  FILES,
  inSlot,
  json,
  serveDoc,
  serveVideo,
  smartDoc,
  text,
  video,
  videoSlot,
  type Embeds,
} from './embeds-harness';

let e: Embeds;
beforeEach(() => {
  e = createEmbeds();
});
afterEach(() => {
  vi.useRealTimers();
  e.teardown();
});

/** A document slot served `doc` (and `footer`), synced: its queries. */
function showDoc(doc: Record<string, unknown>, footer?: Response) {
  serveDoc(e.net, 'tok-doc', doc, footer);
  const el = docSlot('tok-doc');
  e.embeds.sync();
  return { el, q: inSlot(el) };
}

/**
 * A click as the browser dispatches it; true when the viewer prevented its default (following
 * the link). The page prevents it last in any case: the test follows no link.
 */
function clickPrevented(a: Element) {
  let prevented = false;
  const last = (ev: Event) => {
    prevented = ev.defaultPrevented;
    ev.preventDefault();
  };
  window.addEventListener('click', last);
  a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
  window.removeEventListener('click', last);
  return prevented;
}

describe('the smart document viewer (widget-spec §2)', () => {
  it('shows a loading state while it boots, then the header: the name and "Version N • TYPE"', async () => {
    const boot = deferred<Response>();
    e.net.route('GET', `${BASE}smart-doc/tok-doc/boot`, () => boot.promise);
    e.net.route('GET', `${BASE}smart-doc/tok-doc/footer-buttons`, json([]));
    const el = docSlot('tok-doc');
    e.embeds.sync();
    const q = inSlot(el);
    expect(q.getByRole('status').textContent).toBe('Loading document…');
    expect(q.getByRole('region').getAttribute('aria-busy')).toBe('true');

    boot.resolve(json({ success: true, smartDoc: smartDoc({ type: 'pdf', fileUrl: `${FILES}guide.pdf` }) }));
    expect(await q.findByText('Product Guide')).toBeTruthy();
    expect(q.getByText('Version 3 • PDF')).toBeTruthy();
    expect(q.queryByRole('status')).toBeNull();
    // widget-spec §7: the boot carries the API key
    expect(e.net.to('GET', `${BASE}smart-doc/tok-doc/boot`)[0]!.headers.get('X-API-Key')).toBe('site-key');
  });

  it('hides the header with embedSettings.hideDocHeader', async () => {
    const { q } = showDoc(smartDoc({ embedSettings: { hideDocHeader: true, hideDocFooter: false } }));
    expect(await q.findByText('Fees: 1% a year.', { exact: false })).toBeTruthy();
    expect(q.queryByText('Product Guide')).toBeNull();
    expect(q.queryByText('Version 3 • TXT')).toBeNull();
  });

  it('frames a pdf without its toolbar, with a link that opens it in a new tab', async () => {
    const { q } = showDoc(smartDoc({ type: 'pdf', fileUrl: `${FILES}guide.pdf` }));
    const frame = (await q.findByTitle('Product Guide')) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`${FILES}guide.pdf#toolbar=0&navpanes=0`);
    const open = q.getByRole('link', { name: 'Open PDF in a new tab' });
    expect(open.getAttribute('href')).toBe(`${FILES}guide.pdf`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    // the viewer's own link is there to be followed
    expect(clickPrevented(open)).toBe(false);
    // nothing is fetched for a pdf: the frame loads it
    expect(e.net.to('GET', `${FILES}guide.pdf`)).toHaveLength(0);
    await waitFor(() => expect(e.pages).toEqual([`${FILES}guide.pdf#toolbar=0&navpanes=0`]));
  });

  it.each(['md', 'markdown'])('renders a %s file as markdown: headings, not raw markdown', async (type) => {
    e.net.route('GET', `${FILES}guide.md`, text('# Fees\n\nA **low** fee.\n\n- no exit fee'));
    const { q } = showDoc(smartDoc({ type, fileUrl: `${FILES}guide.md` }));
    expect(await q.findByRole('heading', { name: 'Fees' })).toBeTruthy();
    expect(q.getByText('low').tagName).toBe('STRONG');
    expect(q.getByRole('listitem').textContent).toBe('no exit fee');
    expect(q.getByRole('region').textContent).not.toMatch(/#|\*\*/);
    // the file is fetched by its URL, without the widget's credentials (widget-spec §7 "Other loads")
    const [file] = e.net.to('GET', `${FILES}guide.md`);
    expect(file!.headers.has('Authorization')).toBe(false);
    expect(file!.credentials).toBe('omit');
  });

  it.each(['txt', 'text', 'snippet'])('shows a %s file as preformatted text', async (type) => {
    const { q } = showDoc(smartDoc({ type }));
    const pre = await q.findByText('Fees: 1% a year.', { exact: false });
    expect(pre.tagName).toBe('PRE');
    expect(pre.textContent).toBe('Fees: 1% a year.\n  Exit fee: none.');
  });

  it('says when the file could not load, and Try again fetches it again (widget-spec §8)', async () => {
    e.net.route('GET', `${FILES}guide.md`, text('gone', 500));
    const { q } = showDoc(smartDoc({ type: 'md', fileUrl: `${FILES}guide.md` }));
    expect((await q.findByRole('alert')).textContent).toContain('Error loading Markdown content: Failed to load markdown');
    e.net.route('GET', `${FILES}guide.md`, text('# Back'));
    await userEvent.click(q.getByRole('button', { name: 'Try again' }));
    expect(await q.findByRole('heading', { name: 'Back' })).toBeTruthy();
    expect(e.net.to('GET', `${FILES}guide.md`)).toHaveLength(2);
  });

  it.each(['csv', 'xls', 'xlsx', 'spreadsheet'])('gives a %s the spreadsheet notice and an Open Spreadsheet link', async (type) => {
    const { q } = showDoc(smartDoc({ type, fileUrl: `${FILES}rates.${type}` }));
    expect(await q.findByText('Spreadsheet viewing is not yet supported in embedded mode.')).toBeTruthy();
    const open = q.getByRole('link', { name: 'Open Spreadsheet' });
    expect(open.getAttribute('href')).toBe(`${FILES}rates.${type}`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(clickPrevented(open)).toBe(false);
  });

  it.each(['other', 'pptx'])('gives any other type (%s) a Download Document link', async (type) => {
    const { q } = showDoc(smartDoc({ type, fileUrl: `${FILES}deck.${type}` }));
    const download = await q.findByRole('link', { name: 'Download Document' });
    expect(download.getAttribute('href')).toBe(`${FILES}deck.${type}`);
    expect(download.hasAttribute('download')).toBe(true);
    expect(clickPrevented(download)).toBe(false);
  });

  it.each([
    ['no file url', ''],
    ['a javascript: url', 'javascript:alert(1)'],
  ])('with %s says "Document file not available"', async (_, fileUrl) => {
    const { q } = showDoc(smartDoc({ type: 'pdf', fileUrl }));
    expect(await q.findByText('Document file not available')).toBeTruthy();
    expect(q.queryByRole('link')).toBeNull();
  });

  it.each([
    [404, 'Smart document not found or invalid token'],
    [400, 'Invalid request - origin header required'],
    [500, 'Failed to fetch smart document: 500'],
  ])('says why when its boot answers %i (widget-spec §8)', async (status, detail) => {
    e.net.route('GET', `${BASE}smart-doc/tok-doc/boot`, json({ success: false }, status));
    const el = docSlot('tok-doc');
    e.embeds.sync();
    const alert = await inSlot(el).findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe(`Error loading smart document: ${detail}`);
  });

  it("says the server's own error when it answers success false, else 'Failed to load smart document', and Try again boots again", async () => {
    e.net.route('GET', `${BASE}smart-doc/tok-doc/boot`, json({ success: false, error: 'Document archived' }));
    const el = docSlot('tok-doc');
    e.embeds.sync();
    const q = inSlot(el);
    expect((await q.findByRole('alert')).textContent).toContain('Error loading smart document: Document archived');
    e.net.route('GET', `${BASE}smart-doc/tok-doc/boot`, json({ success: false }));
    await userEvent.click(q.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(q.getByRole('alert').textContent).toContain('Error loading smart document: Failed to load smart document'));
    serveDoc(e.net, 'tok-doc');
    await userEvent.click(q.getByRole('button', { name: 'Try again' }));
    expect(await q.findByText('Product Guide')).toBeTruthy();
    expect(el.getAttribute('data-ai-embed')).toBe('loaded');
  });
});

describe("the document's footer buttons (widget-spec §3 'Smart doc footer button', §7)", () => {
  const buttons = [
    { id: 'l1', label: 'Fee schedule', type: 'LINK', url: 'https://example.com/fees' },
    { id: 'l2', label: 'Sneaky', type: 'LINK', url: 'javascript:alert(1)' },
    { id: 'b1', label: 'Ask about this', type: 'BUTTON', actionType: 'open_chat_modal' },
    { id: 'b2', label: 'Unknown action', type: 'BUTTON', actionType: 'launch_rocket' },
  ];

  it('shows a LINK opening in a new tab without opener or referrer, drops a javascript: one, and a BUTTON open_chat_modal opens Ask question', async () => {
    const { q } = showDoc(smartDoc(), json(buttons));
    const link = await q.findByRole('link', { name: 'Fee schedule' });
    expect(link.getAttribute('href')).toBe('https://example.com/fees');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(q.queryByText('Sneaky')).toBeNull();
    expect(q.queryByText('Unknown action')).toBeNull();
    // the footer's request is a bearer call
    expect(e.net.to('GET', `${BASE}smart-doc/tok-doc/footer-buttons`)[0]!.headers.get('Authorization')).toBe('Bearer bearer-1');

    await userEvent.click(q.getByRole('button', { name: 'Ask about this' }));
    expect(await e.modal().findByRole('dialog', { name: 'Chat about Product Guide' })).toBeTruthy();
  });

  it('has no footer when they answer 404, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const { q } = showDoc(smartDoc(), json({ error: 'none' }, 404));
    await q.findByText('Fees: 1% a year.', { exact: false });
    expect(q.getByRole('region').querySelector('footer')).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns "Failed to fetch footer buttons: 500" when they fail, and still shows the document (widget-spec §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { el, q } = showDoc(smartDoc(), json({}, 500));
    expect(await q.findByText('Fees: 1% a year.', { exact: false })).toBeTruthy();
    expect(q.getByText('Product Guide')).toBeTruthy();
    expect(q.getByRole('region').querySelector('footer')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Failed to fetch footer buttons: 500'));
    expect(el.getAttribute('data-ai-embed')).toBe('loaded');
  });

  it('hides the footer with embedSettings.hideDocFooter', async () => {
    const { q } = showDoc(smartDoc({ embedSettings: { hideDocHeader: false, hideDocFooter: true } }), json(buttons));
    await q.findByText('Fees: 1% a year.', { exact: false });
    expect(q.queryByRole('link', { name: 'Fee schedule' })).toBeNull();
    expect(q.queryByRole('button', { name: 'Ask about this' })).toBeNull();
  });
});

describe('download clicks inside the rendered document are blocked (widget-spec §2)', () => {
  it("prevents a link to the document's own file and a link with download; others are followed", async () => {
    e.net.route(
      'GET',
      `${FILES}guide.md`,
      text('# Guide\n\n[Get the file](https://files.test/guide.md) or [the rates](https://example.com/rates)'),
    );
    const { q } = showDoc(smartDoc({ type: 'md', fileUrl: `${FILES}guide.md` }));
    const own = await q.findByRole('link', { name: 'Get the file' });
    expect(clickPrevented(own)).toBe(true);
    expect(clickPrevented(q.getByRole('link', { name: 'the rates' }))).toBe(false);

    // markdown never makes a `download` link (a docx can): one put into the rendered content
    const content = q.getByRole('heading', { name: 'Guide' }).parentElement!;
    const download = document.createElement('a');
    download.href = 'https://example.com/other.bin';
    download.setAttribute('download', '');
    download.textContent = 'Save';
    content.append(download);
    expect(clickPrevented(download)).toBe(true);
  });
});

describe('the video viewer (widget-spec §2 "Video viewer")', () => {
  /** A video slot served `v`, synced; resolves once loaded. */
  async function showVideo(v: Record<string, unknown> = video()) {
    serveVideo(e.net, 'tok-vid', v);
    const el = videoSlot('tok-vid');
    e.embeds.sync();
    const q = inSlot(el);
    await waitFor(() => expect(el.getAttribute('data-ai-embed')).not.toBe('loading'));
    return { el, q, media: () => el.shadowRoot!.querySelector('video') };
  }

  it('shows a loading state while it boots, then the header with the name, Share and Ask question, and the video', async () => {
    const boot = deferred<Response>();
    e.net.route('GET', `${BASE}video/tok-vid/boot`, () => boot.promise);
    const el = videoSlot('tok-vid');
    e.embeds.sync();
    const q = inSlot(el);
    expect(q.getByRole('status').textContent).toBe('Loading video…');
    boot.resolve(json({ success: true, video: video() }));
    expect(await q.findByText('Getting Started')).toBeTruthy();
    expect(q.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(q.getByRole('button', { name: 'Ask question' })).toBeTruthy();
    const media = el.shadowRoot!.querySelector('video')!;
    expect(media.getAttribute('src')).toBe(`${FILES}tour.mp4?v=1&lang=en`);
    expect(media.getAttribute('poster')).toBe(`${FILES}tour.jpg`);
    expect(media.controls).toBe(true);
    // widget-spec §7: a bearer call
    expect(e.net.to('GET', `${BASE}video/tok-vid/boot`)[0]!.headers.get('Authorization')).toBe('Bearer bearer-1');
  });

  it('says "Video not available" without a url, with no video element', async () => {
    const { q, media } = await showVideo(video({ videoUrl: '' }));
    expect(q.getByText('Video not available')).toBeTruthy();
    expect(media()).toBeNull();
    expect(q.queryByRole('button', { name: /Playback speed/ })).toBeNull();
  });

  it.each([
    [404, 'Video not found or invalid token'],
    [500, 'Failed to fetch video: 500'],
  ])('says why when its boot answers %i (widget-spec §8)', async (status, detail) => {
    e.net.route('GET', `${BASE}video/tok-vid/boot`, json({ success: false }, status));
    const el = videoSlot('tok-vid');
    e.embeds.sync();
    expect((await inSlot(el).findByRole('alert')).querySelector('p')!.textContent).toBe(`Failed to load video: ${detail}`);
  });

  it('has no header with hideVideoHeader: no name, Share or Ask question', async () => {
    const { q, media } = await showVideo(video({}, { hideVideoHeader: true }));
    expect(media()).not.toBeNull();
    expect(q.queryByText('Getting Started')).toBeNull();
    expect(q.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(q.queryByRole('button', { name: 'Ask question' })).toBeNull();
  });

  it('offers Share and Ask question only when the embed settings enable them (widget-spec §5)', async () => {
    const { q } = await showVideo(video({}, { shareEnabled: false, askQuestionEnabled: false }));
    expect(q.getByText('Getting Started')).toBeTruthy();
    expect(q.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(q.queryByRole('button', { name: 'Ask question' })).toBeNull();
  });

  it("Share opens LinkedIn, X and Facebook's sharing pages with the video's encoded URL", async () => {
    const { q } = await showVideo();
    const share = q.getByRole('button', { name: 'Share' });
    expect(share.getAttribute('aria-expanded')).toBe('false');
    expect(q.queryByRole('link', { name: 'LinkedIn' })).toBeNull();
    await userEvent.click(share);
    expect(share.getAttribute('aria-expanded')).toBe('true');
    const url = encodeURIComponent(`${FILES}tour.mp4?v=1&lang=en`);
    const links = {
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      X: `https://x.com/intent/tweet?url=${url}`,
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    };
    for (const [name, href] of Object.entries(links)) {
      const link = q.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await userEvent.click(share);
    expect(q.queryByRole('link', { name: 'LinkedIn' })).toBeNull();
  });

  it("Copy link writes the video's URL to the clipboard and shows 'Copied!' for 2 s (widget-spec §9)", async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { q } = await showVideo();
    fireEvent.click(q.getByRole('button', { name: 'Share' }));
    const copy = await q.findByRole('button', { name: 'Copy link' });
    vi.useFakeTimers();
    fireEvent.click(copy);
    await vi.advanceTimersByTimeAsync(0);
    expect(writeText).toHaveBeenCalledWith(`${FILES}tour.mp4?v=1&lang=en`);
    const copied = q.getAllByRole('status').find((s) => s.getAttribute('data-part') === 'copied')!;
    expect(copied.textContent).toBe('Copied!');
    await vi.advanceTimersByTimeAsync(1999);
    expect(copied.textContent).toBe('Copied!');
    await vi.advanceTimersByTimeAsync(1);
    expect(copied.textContent).toBe('');
  });

  it('closes the Share menu on Escape, back on its button, without the Escape going further (a modal around it stays open)', async () => {
    const { q } = await showVideo();
    const share = q.getByRole('button', { name: 'Share' });
    await userEvent.click(share);
    const linkedIn = q.getByRole('link', { name: 'LinkedIn' });
    linkedIn.focus();
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, composed: true });
    linkedIn.dispatchEvent(escapeKey);
    await waitFor(() => expect(q.queryByRole('link', { name: 'LinkedIn' })).toBeNull());
    expect(share.getAttribute('aria-expanded')).toBe('false');
    expect(escapeKey.defaultPrevented).toBe(true);
    expect(deepActiveElement()).toBe(share);
  });

  it("shows no 'Copied!' when the browser refuses the clipboard", async () => {
    const writeText = vi.fn(async (_: string) => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { q } = await showVideo();
    await userEvent.click(q.getByRole('button', { name: 'Share' }));
    await userEvent.click(q.getByRole('button', { name: 'Copy link' }));
    // the copy was tried and is over
    const [player] = e.actorsOf('videoPlayer');
    await waitFor(() => {
      expect(writeText).toHaveBeenCalled();
      expect(player!.getSnapshot().matches({ copy: 'idle' })).toBe(true);
    });
    const copied = q.getAllByRole('status').find((s) => s.getAttribute('data-part') === 'copied')!;
    expect(copied.textContent).toBe('');
  });

  it('adds a captions track when the video has captions', async () => {
    const { media } = await showVideo(video({ captionsUrl: `${FILES}tour.vtt` }));
    const track = media()!.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe(`${FILES}tour.vtt`);
    // captions from another origin need the video fetched with CORS
    expect(media()!.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('has no track without captions', async () => {
    const { media } = await showVideo();
    expect(media()!.querySelector('track')).toBeNull();
  });

  it('cycles the speed 1x → 1.5x → 2x → 0.5x → 1x and sets the playback rate (widget-spec §4, §9)', async () => {
    const { q, media } = await showVideo();
    const speed = q.getByRole('button', { name: 'Playback speed 1x' });
    expect(media()!.playbackRate).toBe(1);
    for (const [label, rate] of [
      ['1.5x', 1.5],
      ['2x', 2],
      ['0.5x', 0.5],
      ['1x', 1],
    ] as const) {
      await userEvent.click(speed);
      expect(speed.textContent).toBe(label);
      expect(speed.getAttribute('aria-label')).toBe(`Playback speed ${label}`);
      expect(media()!.playbackRate).toBe(rate);
    }
  });

  it("says 'Error loading video' when the element cannot play its source (widget-spec §8)", async () => {
    const { q, media } = await showVideo();
    fireEvent.error(media()!);
    expect((await q.findByRole('alert')).textContent).toBe('Error loading video');
  });

  describe('autoplay (widget-spec §4 "Video autoplay")', () => {
    it('makes a muted play attempt when ready; refused, it tries again on the next click on the page', async () => {
      const calls: boolean[] = [];
      let refuse = true;
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
        calls.push(this.muted);
        return refuse ? Promise.reject(new DOMException('play() needs a gesture', 'NotAllowedError')) : Promise.resolve();
      });
      const { media } = await showVideo(video({}, { autoplay: true }));
      expect(calls).toEqual([]);
      fireEvent.canPlay(media()!);
      await waitFor(() => expect(calls).toEqual([true]));

      // the visitor clicks somewhere on the page: the attempt is made again, and now plays
      refuse = false;
      fireEvent.click(document.body);
      await waitFor(() => expect(calls).toEqual([true, true]));
      // playing: later clicks start nothing
      fireEvent.click(document.body);
      fireEvent.canPlay(media()!);
      await Promise.resolve();
      expect(calls).toHaveLength(2);
    });

    it('retries on a touch as well', async () => {
      const play = vi
        .spyOn(HTMLMediaElement.prototype, 'play')
        .mockRejectedValueOnce(new DOMException('blocked', 'NotAllowedError'))
        .mockResolvedValue(undefined);
      const { media } = await showVideo(video({}, { autoplay: true }));
      fireEvent.canPlay(media()!);
      await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
      fireEvent.touchStart(document.body);
      await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    });

    it('makes no attempt without autoplay, and a click on the page starts nothing', async () => {
      const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
      const { media } = await showVideo();
      fireEvent.canPlay(media()!);
      fireEvent.click(document.body);
      await Promise.resolve();
      expect(play).not.toHaveBeenCalled();
      expect(media()!.muted).toBe(false);
    });
  });
});
