/**
 * Ask question (widget-spec §2 "Smart doc modal", §3 smart doc and video context, §4 "Ask
 * question", "Modal close", §8 modal errors), end to end over startEmbeds with the real
 * machines and effects and only the network faked (embeds-harness.ts). On a desktop the
 * modal opens in its shadow root inside the widget's, with the item's viewer beside a chat
 * that sends the item's context to POST {api}/chat and remembers its session per token; on
 * a phone the question goes to the chat window instead.
 */
import { fireEvent, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  BASE,
  createEmbeds,
  deepActiveElement,
  docSlot,
  inSlot,
  json,
  serveDoc,
  serveVideo,
  smartDoc,
  videoSlot,
  type Embeds,
  type Seen,
} from './embeds-harness';

const ASK_BUTTON = { id: 'b1', label: 'Ask about this', type: 'BUTTON', actionType: 'open_chat_modal' };

let e: Embeds;
afterEach(() => {
  vi.useRealTimers();
  e.teardown();
});

/** The page with a document (its footer has the Ask button) and, when `withVideo`, a video; resolves once they show. */
async function page(options: { isMobile?: boolean; withVideo?: boolean; secondDoc?: boolean } = {}) {
  e = createEmbeds({ isMobile: options.isMobile });
  serveDoc(e.net, 'tok-doc', smartDoc(), json([ASK_BUTTON]));
  const doc = docSlot('tok-doc');
  let second: HTMLElement | null = null;
  if (options.secondDoc) {
    serveDoc(
      e.net,
      'tok-fees',
      smartDoc({ smartDocId: 'doc-2', name: 'Fee Schedule', type: 'pdf', versionNumber: 1, fileUrl: 'https://files.test/fees.pdf' }),
    );
    second = docSlot('tok-fees');
  }
  let vid: HTMLElement | null = null;
  if (options.withVideo) {
    serveVideo(e.net, 'tok-vid');
    vid = videoSlot('tok-vid');
  }
  e.embeds.sync();
  await inSlot(doc).findByRole('button', { name: 'Ask about this' });
  if (second) await inSlot(second).findByText('Fee Schedule');
  if (vid) await inSlot(vid).findByRole('button', { name: 'Ask question' });
  return { doc, vid, user: userEvent.setup() };
}

/** Opens the modal from the document's footer button; resolves with the dialog once its history is in. */
async function openFromDoc(doc: HTMLElement, user = userEvent.setup()) {
  await user.click(inSlot(doc).getByRole('button', { name: 'Ask about this' }));
  const dialog = (await e.modal().findByRole('dialog', { name: 'Chat about Product Guide' })) as HTMLDialogElement;
  await waitFor(() => expect(e.modal().queryByText('Loading chat history…')).toBeNull());
  return dialog;
}

/** Answers POST {api}/chat with `body` (a function of the request). */
const answerChat = (body: (req: Seen) => unknown, status = 200) => e.net.route('POST', `${API}/chat`, (req) => json(body(req), status));

/** Types a question into the modal and sends it with the Send button. */
async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(e.modal().getByRole('textbox', { name: 'Your question' }), question);
  await user.click(e.modal().getByRole('button', { name: 'Send message' }));
}

/** The modal's messages, as "role: text". */
const messages = () =>
  [...e.modalHost()!.shadowRoot!.querySelectorAll('[data-part="modal-message"]')].map(
    (m) => `${m.getAttribute('data-role')}: ${m.textContent}`,
  );

describe('the modal on a desktop (widget-spec §2 "Smart doc modal")', () => {
  it("opens from a document's footer button, titled 'Chat about {name}', with the document's viewer inside and no Ask button of its own", async () => {
    const { doc, user } = await page();
    const dialog = await openFromDoc(doc, user);
    expect(dialog.open).toBe(true);
    const modal = e.modal();
    const viewer = modal.getByRole('region', { name: 'Product Guide' });
    expect(viewer.textContent).toContain('Version 3 • TXT');
    await waitFor(() => expect(viewer.querySelector('pre')?.textContent).toBe('Fees: 1% a year.\n  Exit fee: none.'));
    expect(modal.queryByRole('button', { name: 'Ask about this' })).toBeNull();
    // the modal's viewer comes from the cache: one boot in all
    expect(e.net.to('GET', `${BASE}smart-doc/tok-doc/boot`)).toHaveLength(1);
    // no session yet for this document: no history call
    expect(e.net.to('GET', `${API}/chat/history`)).toHaveLength(0);
  });

  it("opens from the video's Ask question, with the video inside and no Ask question of its own", async () => {
    const { vid, user } = await page({ withVideo: true });
    await user.click(inSlot(vid!).getByRole('button', { name: 'Ask question' }));
    const modal = e.modal();
    expect(await modal.findByRole('dialog', { name: 'Chat about Getting Started' })).toBeTruthy();
    const viewer = modal.getByRole('region', { name: 'Getting Started' });
    expect(viewer.querySelector('video')?.getAttribute('src')).toBe('https://files.test/tour.mp4?v=1&lang=en');
    expect(modal.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(modal.queryByRole('button', { name: 'Ask question' })).toBeNull();
  });

  it("sends the question with §3's smart doc context (every document on the page, this one active) and shows the answer", async () => {
    const { doc, user } = await page({ secondDoc: true });
    answerChat(() => ({ response: 'The fee is **1%** a year.', chatSessionId: 'chat-9' }));
    await openFromDoc(doc, user);
    await ask(user, 'What are the fees?');

    const answer = await e.modal().findByText('1%');
    // the answer is rendered as markdown (its renderer loads with the modal)
    expect(answer.tagName).toBe('STRONG');
    expect(messages()).toEqual(['user: What are the fees?', 'ai: The fee is 1% a year.']);
    const [sent] = e.net.to('POST', `${API}/chat`);
    expect(sent!.headers.get('Authorization')).toBe('Bearer bearer-1');
    expect(sent!.body).toEqual({
      message: 'What are the fees?',
      webPageContent: '',
      userSessionId: 'visitor-1',
      path: '/products',
      chatSessionId: null,
      additionalNamespaces: ['doc-1'],
      smartDocContext: {
        documents: [
          { id: 'doc-1', name: 'Product Guide', type: 'txt', version: 3, embedToken: 'tok-doc' },
          { id: 'doc-2', name: 'Fee Schedule', type: 'pdf', version: 1, embedToken: 'tok-fees' },
        ],
        totalDocuments: 2,
        activeDocument: 'doc-1',
      },
    });
  });

  it("sends a video's question with its video context", async () => {
    const { vid, user } = await page({ withVideo: true });
    answerChat(() => ({ response: 'It shows the dashboard.', chatSessionId: 'chat-v' }));
    await user.click(inSlot(vid!).getByRole('button', { name: 'Ask question' }));
    await e.modal().findByRole('dialog', { name: 'Chat about Getting Started' });
    await ask(user, 'What does it show?');
    expect(await e.modal().findByText('It shows the dashboard.')).toBeTruthy();
    const body = e.net.to('POST', `${API}/chat`)[0]!.body as Record<string, unknown>;
    expect(body.videoContext).toEqual({ id: 'vid-1', name: 'Getting Started', embedToken: 'tok-vid' });
    expect(body).not.toHaveProperty('smartDocContext');
    expect(body.message).toBe('What does it show?');
  });

  it('remembers the chat session per token, sends the next question in it, and loads its history on the next open', async () => {
    const { doc, user } = await page();
    answerChat((req) => ({ response: `Answer to ${(req.body as { message: string }).message}`, chatSessionId: 'chat-9' }));
    await openFromDoc(doc, user);
    await ask(user, 'First?');
    await e.modal().findByText('Answer to First?');
    expect(localStorage.getItem('ai_chat_embed_session_id:tok-doc')).toBe('chat-9');
    await ask(user, 'Second?');
    await e.modal().findByText('Answer to Second?');
    expect((e.net.to('POST', `${API}/chat`)[1]!.body as { chatSessionId: string }).chatSessionId).toBe('chat-9');

    await user.click(e.modal().getByRole('button', { name: 'Close' }));
    e.net.route(
      'GET',
      `${API}/chat/history`,
      json({
        chatSessionId: 'chat-9',
        history: [
          { role: 'USER', content: 'First?', type: 'TEXT' },
          { role: 'AI', content: 'Answer to First?', type: 'TEXT' },
        ],
      }),
    );
    await user.click(inSlot(doc).getByRole('button', { name: 'Ask about this' }));
    await waitFor(() => expect(messages()).toEqual(['user: First?', 'ai: Answer to First?']));
    const [history] = e.net.to('GET', `${API}/chat/history`);
    const query = new URL(history!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ userSessionId: 'visitor-1', path: '/products', chatSessionId: 'chat-9' });
  });

  it.each([
    // widget-spec §8: 'Invalid response from API' (for the site owner, on the console)
    ['an answer without response and chatSessionId', 200, ['AI chat widget: Invalid response from API']],
    ['a failed call', 500, []],
  ])("shows the modal's error bubble for %s (widget-spec §8)", async (_, status, warnings) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { doc, user } = await page();
    answerChat(() => ({ ok: status === 200 }), status);
    await openFromDoc(doc, user);
    await ask(user, 'Anything?');
    expect(await e.modal().findByText('Sorry, I encountered an error. Please try again.')).toBeTruthy();
    expect(messages()).toEqual(['user: Anything?', 'ai: Sorry, I encountered an error. Please try again.']);
    expect(localStorage.getItem('ai_chat_embed_session_id:tok-doc')).toBeNull();
    expect(warn.mock.calls.map((c) => c[0])).toEqual(warnings);
  });

  it("says 'Unable to load chat history. Please try again.' when the history fails (widget-spec §8)", async () => {
    const { doc, user } = await page();
    localStorage.setItem('ai_chat_embed_session_id:tok-doc', 'chat-9');
    e.net.route('GET', `${API}/chat/history`, json({}, 500));
    await user.click(inSlot(doc).getByRole('button', { name: 'Ask about this' }));
    expect((await e.modal().findByRole('alert')).textContent).toBe('Unable to load chat history. Please try again.');
  });

  it('forgets a session the server no longer has (history 404): no error, and the next question starts a new one', async () => {
    const { doc, user } = await page();
    localStorage.setItem('ai_chat_embed_session_id:tok-doc', 'chat-old');
    e.net.route('GET', `${API}/chat/history`, json({ error: 'not found' }, 404));
    answerChat(() => ({ response: 'Hello again.', chatSessionId: 'chat-new' }));
    await openFromDoc(doc, user);
    expect(e.modal().queryByRole('alert')).toBeNull();
    expect(localStorage.getItem('ai_chat_embed_session_id:tok-doc')).toBeNull();
    await ask(user, 'Hi?');
    await e.modal().findByText('Hello again.');
    expect((e.net.to('POST', `${API}/chat`)[0]!.body as { chatSessionId: string | null }).chatSessionId).toBeNull();
    expect(localStorage.getItem('ai_chat_embed_session_id:tok-doc')).toBe('chat-new');
  });

  it("disables Send for an empty question with the tooltip 'Type a message to send'; Enter sends, Shift+Enter does not (widget-spec §2, §5)", async () => {
    const { doc, user } = await page();
    answerChat(() => ({ response: 'Yes.', chatSessionId: 'chat-9' }));
    await openFromDoc(doc, user);
    const send = e.modal().getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    const box = e.modal().getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;
    expect(send.disabled).toBe(true);
    expect(send.title).toBe('Type a message to send');
    await user.type(box, '   ');
    expect(send.disabled).toBe(true);
    await user.type(box, '{Backspace>3/}');
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(send.disabled).toBe(false);
    expect(e.net.to('POST', `${API}/chat`)).toHaveLength(0);
    await user.type(box, '{Enter}');
    await e.modal().findByText('Yes.');
    expect((e.net.to('POST', `${API}/chat`)[0]!.body as { message: string }).message).toBe('Line one\nline two');
    expect(box.value).toBe('');
  });

  describe('closing (widget-spec §2, §4 "Modal close")', () => {
    it('closes with the close button', async () => {
      const { doc, user } = await page();
      const dialog = await openFromDoc(doc, user);
      await user.click(e.modal().getByRole('button', { name: 'Close' }));
      expect(dialog.open).toBe(false);
    });

    it('closes on Escape (the dialog’s cancel), which it keeps from closing the dialog itself', async () => {
      const { doc, user } = await page();
      const dialog = await openFromDoc(doc, user);
      // happy-dom does not turn Escape into a dialog's cancel event: dispatched as the browser does
      const cancel = new Event('cancel', { cancelable: true });
      dialog.dispatchEvent(cancel);
      expect(cancel.defaultPrevented).toBe(true);
      await waitFor(() => expect(dialog.open).toBe(false));
    });

    it('closes on a click on the backdrop (the dialog itself), not on one inside its frame', async () => {
      const { doc, user } = await page();
      const dialog = await openFromDoc(doc, user);
      await user.click(e.modal().getByRole('heading', { name: 'Chat about Product Guide' }));
      expect(dialog.open).toBe(true);
      fireEvent.click(dialog);
      await waitFor(() => expect(dialog.open).toBe(false));
    });

    it('keeps its content for 300 ms after closing, then clears it and stops its viewer (widget-spec §9)', async () => {
      const { doc, user } = await page();
      const dialog = await openFromDoc(doc, user);
      const modalSlot = e.actorsOf('slot').at(-1)!;
      expect(modalSlot.getSnapshot().status).toBe('active');
      vi.useFakeTimers();
      fireEvent.click(e.modal().getByRole('button', { name: 'Close' }));
      await vi.advanceTimersByTimeAsync(0);
      expect(dialog.open).toBe(false);
      await vi.advanceTimersByTimeAsync(299);
      expect(e.modal().getByRole('heading', { hidden: true }).textContent).toBe('Chat about Product Guide');
      expect(modalSlot.getSnapshot().status).toBe('active');
      await vi.advanceTimersByTimeAsync(1);
      expect(e.modal().getByRole('heading', { hidden: true }).textContent).toBe('');
      expect(modalSlot.getSnapshot().status).toBe('stopped');
      // the page's own viewer carries on
      expect(e.actorsOf('slot')[0]!.getSnapshot().status).toBe('active');
    });
    it('asked about another item while closing, shows that item’s viewer, live (widget-spec §4: the modal opens again)', async () => {
      const { doc, vid, user } = await page({ withVideo: true });
      const dialog = await openFromDoc(doc, user);
      // within the 300 ms of its closing, the video's Ask question
      await user.click(e.modal().getByRole('button', { name: 'Close' }));
      await user.click(inSlot(vid!).getByRole('button', { name: 'Ask question' }));
      expect(await e.modal().findByRole('dialog', { name: 'Chat about Getting Started' })).toBe(dialog);
      expect(dialog.open).toBe(true);
      const speed = e.modal().getByRole('button', { name: 'Playback speed 1x' });
      await user.click(speed);
      // the modal's video viewer follows its own player
      expect(speed.textContent).toBe('1.5x');
      expect(e.modal().queryByRole('region', { name: 'Product Guide' })).toBeNull();
    });
  });

  describe('focus', () => {
    it('goes into the modal on open: its question box is the dialog’s autofocus', async () => {
      const { doc, user } = await page();
      await openFromDoc(doc, user);
      // showModal() focuses the dialog's autofocus element; happy-dom does not run those steps (Chromium does)
      expect(e.modal().getByRole('textbox', { name: 'Your question' }).hasAttribute('autofocus')).toBe(true);
    });

    it('returns to the button that opened it when it closes', async () => {
      const { doc, user } = await page();
      await openFromDoc(doc, user);
      const opener = inSlot(doc).getByRole('button', { name: 'Ask about this' });
      const box = e.modal().getByRole('textbox', { name: 'Your question' });
      await user.click(box);
      expect(deepActiveElement()).toBe(box);
      const dialog = e.dialog()!;
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      await waitFor(() => expect(dialog.open).toBe(false));
      expect(deepActiveElement()).toBe(opener);
    });
  });
});

describe('Ask question on a phone (widget-spec §4 "Ask question")', () => {
  it('goes to the chat window: CHAT.ABOUT with the item and its context, the window opened on the Chat tab, no modal', async () => {
    const { doc, user } = await page({ isMobile: true });
    await user.click(inSlot(doc).getByRole('button', { name: 'Ask about this' }));
    await waitFor(() => expect(e.chatEvents).toHaveLength(1));
    expect(e.conversation).toHaveBeenCalledTimes(1);
    expect(e.chatEvents[0]).toEqual({
      type: 'CHAT.ABOUT',
      about: {
        name: 'Product Guide',
        context: {
          additionalNamespaces: ['doc-1'],
          smartDocContext: {
            documents: [{ id: 'doc-1', name: 'Product Guide', type: 'txt', version: 3, embedToken: 'tok-doc' }],
            totalDocuments: 1,
            activeDocument: 'doc-1',
          },
        },
      },
    });
    const win = e.windowActor.getSnapshot();
    expect(win.matches('open')).toBe(true);
    expect(win.context.tab).toBe('chat');
    expect(e.dialog()?.open ?? false).toBe(false);
    expect(e.net.to('POST', `${API}/chat`)).toHaveLength(0);
  });

  it('follows the viewport: after VIEWPORT.CHANGED to a phone, the video’s Ask question goes to the chat window too', async () => {
    const { vid, user } = await page({ withVideo: true });
    e.windowActor.send({ type: 'VIEWPORT.CHANGED', isMobile: true });
    await user.click(inSlot(vid!).getByRole('button', { name: 'Ask question' }));
    await waitFor(() =>
      expect(e.chatEvents).toEqual([
        {
          type: 'CHAT.ABOUT',
          about: { name: 'Getting Started', context: { videoContext: { id: 'vid-1', name: 'Getting Started', embedToken: 'tok-vid' } } },
        },
      ]),
    );
    expect(e.windowActor.getSnapshot().context.tab).toBe('chat');
    expect(e.dialog()?.open ?? false).toBe(false);

    // back on a desktop, the modal opens again
    e.windowActor.send({ type: 'VIEWPORT.CHANGED', isMobile: false });
    await user.click(inSlot(vid!).getByRole('button', { name: 'Ask question' }));
    expect(await e.modal().findByRole('dialog', { name: 'Chat about Getting Started' })).toBeTruthy();
    expect(e.chatEvents).toHaveLength(1);
  });
});
