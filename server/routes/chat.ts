/**
 * `POST api/chat` (widget-spec §7): the visitor's question goes to the answer
 * engine with the site's documents, the page's text and the session's recent
 * turns; the question and the answer are stored together in the chat session.
 *
 * Asked with `Accept: text/event-stream` (issue 16), the answer streams as Server-Sent Events: a
 * `start` event (`{ chatSessionId }`: the session the question goes into, made now, empty, for a new
 * chat, so that a visitor who stops the answer goes on in it), `delta` events (`{ text }`, each a
 * piece to append), then one `done` event carrying the whole
 * reply of widget-spec §3 (the same JSON as without streaming), or one `error` event
 * (`{ error, message }` with the §8 text, the stored question and what was written of the
 * answer). Whatever refuses the request (401, 403, 429, 400, 404) does so before the stream
 * starts, with its status. The question and the answer are stored in one transaction once the
 * answer is complete; an answer cut off (the visitor left, the provider failed) is stored with
 * what was written of it, marked `incomplete`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { speakable } from '../../contract/speech';
import type { AnswerRequest, AnswerResult, SourceDoc } from '../answers/types';
import { ProviderError } from '../answers/types';
import { sendError } from '../errors';
import type { ActionTrigger, DocumentRecord, MessageDetails, NewMessage, Storage, VideoRecord } from '../storage/types';
import { siteOf } from './auth-guard';
import { admitInTurnSlices } from '../turns';
import { chatRateLimit } from './chat-rate-limit';
import type { RouteContext } from './context';
import { messageJson } from './messages';
import { ID, PATH, USER_SESSION_ID } from './schemas';
import { openEventStream, wantsEventStream, type EventStream } from './event-stream';
import { answerClock, recordAnswer } from './answer-metrics';
import { DEFAULT_MAX_STREAMS, streamAdmission } from './stream-admission';

const MAX_MESSAGE = 4000;
const MAX_PAGE_TEXT = 200_000;

/** widget-spec §3 "Smart doc context sent with messages", as the visitor's browser sends it. */
interface SmartDocContext {
  documents: { id: string; name: string; type: string; version: number; embedToken: string }[];
  totalDocuments: number;
  /** The id of the document asked about, one of `documents`' ids. */
  activeDocument: string | null;
}

/** widget-spec §3 "Send-message request": the video asked about. */
interface VideoContext {
  id: string;
  name: string;
  embedToken: string;
}

interface ChatBody {
  message: string;
  webPageContent?: string;
  userSessionId: string;
  path: string;
  sessionToken?: string;
  streamSessionId?: string;
  chatSessionId?: string | null;
  additionalNamespaces?: string[];
  smartDocContext?: SmartDocContext;
  videoContext?: VideoContext;
  /** Beside widget-spec §3: the question's own id, the same when it is sent again (see {@link RECENT_ANSWER_TTL_MS}). */
  clientMessageId?: string | null;
}

const NAME = { type: 'string', maxLength: 500 } as const;

const SMART_DOC_CONTEXT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['documents', 'totalDocuments', 'activeDocument'],
  properties: {
    documents: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'type', 'version', 'embedToken'],
        properties: { id: ID, name: NAME, type: { type: 'string', maxLength: 50 }, version: { type: 'number' }, embedToken: ID },
      },
    },
    totalDocuments: { type: 'integer', minimum: 0 },
    activeDocument: { anyOf: [ID, { type: 'null' }] },
  },
} as const;

const VIDEO_CONTEXT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'embedToken'],
  properties: { id: ID, name: NAME, embedToken: ID },
} as const;

const CHAT_BODY_SCHEMA = {
  type: 'object',
  required: ['message', 'userSessionId', 'path'],
  properties: {
    message: { type: 'string', maxLength: MAX_MESSAGE },
    webPageContent: { type: 'string', maxLength: MAX_PAGE_TEXT },
    userSessionId: USER_SESSION_ID,
    path: PATH,
    sessionToken: { type: 'string', maxLength: 2000 },
    streamSessionId: { type: 'string', maxLength: 200 },
    chatSessionId: { anyOf: [ID, { type: 'null' }] },
    additionalNamespaces: { type: 'array', maxItems: 50, items: ID },
    smartDocContext: SMART_DOC_CONTEXT_SCHEMA,
    videoContext: VIDEO_CONTEXT_SCHEMA,
    clientMessageId: { anyOf: [{ type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }, { type: 'null' }] },
  },
} as const;

/**
 * How long an answer is kept for its question sent again (issue 13: a question is delivered once). A widget
 * sends an unanswered question again (its request timed out, or the connection dropped) with the same
 * `clientMessageId`; when the server did receive it, the second request gets the first one's answer instead of
 * a second copy of the question and answer in the visitor's history, and a request that comes while the first
 * is still being answered waits for it, on whichever instance it lands (the storage's shared state, issue 17).
 * Keyed by site and visitor, so an id reveals nothing of another visitor's.
 */
const RECENT_ANSWER_TTL_MS = 10 * 60_000;

type AppendInput = Parameters<Storage['appendMessages']>[0];
type Saved = Awaited<ReturnType<Storage['appendMessages']>>;

/** Session names come from the first question: one line, at most 60 characters. */
export function sessionNameFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= 60 ? line : `${line.slice(0, 57).trimEnd()}…`;
}

/** What the visitor asks about, as far as it is the site's own (widget-spec §3, §4 "Ask question"). */
interface AskedAbout {
  /** The ids of the site's documents in context, and of the videos asked about or on the visitor's page. */
  inContext: Set<string>;
  /** The site's document asked about, else the site's video asked about. */
  focus: AnswerRequest['focus'];
  /** The site's video asked about (Ask question on a video), then the site's videos on the visitor's page. */
  videos: VideoRecord[];
  /** The documents and videos in context that are not the focus, for a question pointing at one ("this video"). */
  onPage: NonNullable<AnswerRequest['onPage']>;
}

/**
 * The site's videos on the visitor's page: its presence videos (shown in the chat on that path) and the videos
 * the request names in `additionalNamespaces` (a video in a slot of the page, widget-spec §2 "Host-page slots").
 * A video's description and transcript are content of the page it is on, and of no other.
 */
async function pageVideos(storage: Storage, siteId: string, documents: DocumentRecord[], body: ChatBody): Promise<VideoRecord[]> {
  const presence = await storage.presenceMessagesForPath(siteId, body.path);
  const documentIds = new Set(documents.map((d) => d.id));
  const named = (body.additionalNamespaces ?? []).filter((id) => !documentIds.has(id));
  const wanted = new Set([...presence.map((p) => p.videoId), ...named]);
  if (wanted.size === 0) return [];
  // the site's own videos only: an id of another site's names nothing here
  return (await storage.listVideos(siteId)).filter((v) => wanted.has(v.id));
}

/**
 * Checks the request's context against the site: a document counts only when its id and
 * embed token are those of one of the site's documents, the active one only when it is one
 * of those, a video only when its embed token is the site's and names that id. Anything else
 * is ignored without a word, so that a guessed or another site's id reveals nothing.
 */
async function askedAbout(storage: Storage, siteId: string, documents: DocumentRecord[], body: ChatBody): Promise<AskedAbout> {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const listed = new Set<string>();
  for (const entry of body.smartDocContext?.documents ?? []) {
    if (byId.get(entry.id)?.embedToken === entry.embedToken) listed.add(entry.id);
  }
  const activeId = body.smartDocContext?.activeDocument;
  const active = activeId != null && listed.has(activeId) ? (byId.get(activeId) ?? null) : null;

  const asked = body.videoContext;
  const [found, onPage] = await Promise.all([
    asked ? storage.findVideoByToken(asked.embedToken) : null,
    pageVideos(storage, siteId, documents, body),
  ]);
  const video = asked && found?.siteId === siteId && found.id === asked.id ? found : null;

  const inContext = new Set([...listed, ...(body.additionalNamespaces ?? []).filter((id) => byId.has(id))]);
  const videos = [...(video ? [video] : []), ...onPage.filter((v) => v.id !== video?.id)];
  for (const v of videos) inContext.add(v.id);
  const focused = active ?? video;
  const others = [...inContext].flatMap((id): AskedAbout['onPage'] => {
    if (id === focused?.id) return [];
    const doc = byId.get(id);
    if (doc) return [{ id, name: doc.name, kind: 'document' }];
    const v = videos.find((x) => x.id === id);
    return v ? [{ id, name: v.name, kind: 'video' }] : [];
  });
  return { inContext, focus: focused ? { id: focused.id, name: focused.name } : undefined, videos, onPage: others };
}

/**
 * A video as a source the answers may quote (widget-spec §4 "Ask question": a video is asked about by what it
 * is about and what it says): its description, then its transcript, each under a heading when it has both.
 * Null when it has neither.
 */
function videoSource(video: Pick<VideoRecord, 'id' | 'name' | 'description' | 'transcript'>): SourceDoc | null {
  const description = video.description.trim();
  const transcript = video.transcript.trim();
  if (!description || !transcript)
    return description || transcript ? { id: video.id, name: video.name, text: description || transcript } : null;
  return { id: video.id, name: video.name, text: `## About this video\n\n${description}\n\n## Transcript\n\n${transcript}` };
}

/**
 * The sources for the answer engine: the documents that have text, and the videos asked about or
 * on the visitor's page. The one asked about comes first, then the rest of the context
 * (additionalNamespaces, the smart doc context, the page's videos), then the others: all stay searchable.
 */
function sourceDocuments(documents: DocumentRecord[], asked: AskedAbout): SourceDoc[] {
  const sources: SourceDoc[] = documents.filter((d) => d.text).map((d) => ({ id: d.id, name: d.name, text: d.text! }));
  for (const video of asked.videos) {
    const source = videoSource(video);
    if (source) sources.push(source);
  }
  const rank = (doc: SourceDoc) => (doc.id === asked.focus?.id ? 0 : asked.inContext.has(doc.id) ? 1 : 2);
  // Array sort is stable: within a rank, the site's order stays.
  return sources.sort((a, b) => rank(a) - rank(b));
}

/** The session's last ten text turns, oldest first; failure reports are not context. */
async function recentHistory(
  storage: Storage,
  siteId: string,
  userSessionId: string,
  chatSessionId: string | null,
): Promise<AnswerRequest['history']> {
  if (!chatSessionId) return [];
  return (await storage.listMessages(siteId, userSessionId, chatSessionId))
    .filter((m) => !m.isError && m.type === 'TEXT')
    .slice(-10)
    .map((m) => ({ role: m.role, content: m.content }));
}

/** The error code of an answer that failed: the provider's time limit, or anything else it did. */
const failureCode = (err: unknown) => (err instanceof ProviderError && err.timedOut ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR');

/** widget-spec §8 "Failed to get AI response": what a streamed answer that failed says. */
const STREAM_FAILURE_TEXT = 'Failed to get AI response';

/** 502 PROVIDER_ERROR or 504 PROVIDER_TIMEOUT (widget-spec §8), with the stored question. */
function providerFailure(reply: FastifyReply, err: unknown, saved: Saved) {
  const timedOut = err instanceof ProviderError && err.timedOut;
  return sendError(
    reply,
    timedOut ? 504 : 502,
    timedOut ? 'PROVIDER_TIMEOUT' : 'PROVIDER_ERROR',
    timedOut ? 'The AI service did not answer in time. Please try again.' : 'The AI service failed to answer. Please try again.',
    { userMessage: messageJson(saved.messages[0]!), chatSession: { id: saved.chatSession.id, name: saved.chatSession.name } },
  );
}

/**
 * The chat response (widget-spec §3): both messages, follow-ups, and buttons that open up
 * to two cited documents; with `response` and `chatSessionId`, which the modal variant reads.
 */
function answerJson(saved: Saved, result: AnswerResult, responseButtons: ResponseButton[]) {
  return {
    userMessage: messageJson(saved.messages[0]!),
    aiMessage: { ...messageJson(saved.messages[1]!), sources: result.sources },
    chatSession: { id: saved.chatSession.id, name: saved.chatSession.name },
    response: saved.messages[1]!.content,
    chatSessionId: saved.chatSession.id,
    followUpButtons: result.followUps.map((text, i) => ({ id: `${saved.messages[1]!.id}-f${i}`, text })),
    responseButtons,
  };
}

type ResponseButton = NonNullable<MessageDetails['buttons']>['responseButtons'][number];

/** The buttons that open up to two of the documents an answer cites (widget-spec §3 responseButtons). */
function responseButtonsFor(
  fileUrl: RouteContext['fileUrl'],
  req: FastifyRequest,
  result: AnswerResult,
  documents: DocumentRecord[],
): ResponseButton[] {
  return result.sources
    .map((name) => documents.find((d) => d.name === name && d.fileId))
    .filter((d): d is DocumentRecord => d !== undefined)
    .slice(0, 2)
    .map((d) => ({
      id: `doc-${d.id}`,
      name: `Open ${d.name}`,
      buttonType: 'EXTERNAL_LINK' as const,
      externalUrl: fileUrl(req, d.fileId, d.filename),
    }));
}

/** What the inbox's transcript shows beside a question (docs/console.md "The conversations inbox"): what the visitor had in view. */
function questionDetails(path: string, documents: DocumentRecord[], about: AskedAbout, actions: ActionTrigger[]): MessageDetails {
  const names = new Map<string, { name: string; kind: 'document' | 'video' }>([
    ...documents.map((d) => [d.id, { name: d.name, kind: 'document' as const }] as const),
    ...about.videos.map((v) => [v.id, { name: v.name, kind: 'video' as const }] as const),
  ]);
  return {
    context: {
      path,
      documents: [...about.inContext].flatMap((id) => {
        const named = names.get(id);
        return named ? [{ id, ...named }] : [];
      }),
      focus: about.focus ?? null,
      actionButtons: actions.map((a) => ({ id: a.id, name: a.name, buttonType: a.buttonType })),
    },
  };
}

/** Registers api/chat, behind the bearer guard and the chat's rate limits. */
export function registerChatRoutes(api: FastifyInstance, { services, authenticate, fileUrl }: RouteContext): void {
  const { storage } = services;
  const limitChat = chatRateLimit(storage, services.limits);
  // past this many answers at once, a new chat is refused (503), before the rate limits count it or anything is stored
  const streams = streamAdmission(services.limits.maxStreams ?? DEFAULT_MAX_STREAMS);
  // answers are admitted in a slice of a few milliseconds per turn of the event loop, so that new connections are
  // taken in between them
  const admit = admitInTurnSlices();
  // the analytics' answer times start when the request arrives (docs/console.md "Analytics")
  const clock = answerClock();

  api.post<{ Body: ChatBody }>(
    '/api/chat',
    {
      bodyLimit: services.limits.maxBodyBytes,
      onRequest: clock.onRequest,
      preHandler: [authenticate, streams.admit, limitChat],
      schema: { body: CHAT_BODY_SCHEMA },
    },
    async (req, reply) => {
      const site = siteOf(req);
      const body = req.body;
      const question = body.message.trim();
      if (!question) return sendError(reply, 400, 'BAD_REQUEST', 'The message must not be empty.');
      const key = body.clientMessageId ? JSON.stringify([site.id, body.userSessionId, body.clientMessageId]) : null;
      const streaming = wantsEventStream(req);
      const claim = key ? await storage.claimAnswer(key, RECENT_ANSWER_TTL_MS) : null;
      if (claim?.answered) {
        if (!streaming) return claim.answered;
        // the question was answered already: its stream is that answer, whole
        const events = openEventStream(reply);
        events.send('done', claim.answered);
        events.end();
        return reply;
      }
      // Recording the answer for a resend is a courtesy: its failure (the database out of reach a moment) must not
      // turn an answer given into an error, which the widget would send again.
      const settle = (answer: object | null) =>
        claim?.settle(answer).catch((err: unknown) => req.log.warn({ err }, 'the answer could not be kept for a resend'));
      try {
        await admit();
        const { response, reusable } = await answerQuestion(req, reply, question, streaming);
        await settle(reusable);
        return response;
      } catch (err) {
        await settle(null);
        throw err;
      }
    },
  );

  /**
   * Answers a question (the route's body once its request is known to be new): the response, and the
   * answer a question sent again may get (null when there is none to reuse).
   */
  async function answerQuestion(
    req: FastifyRequest<{ Body: ChatBody }>,
    reply: FastifyReply,
    question: string,
    streaming: boolean,
  ): Promise<{ response: unknown; reusable: object | null }> {
    const site = siteOf(req);
    const body = req.body;
    const chatSessionId = body.chatSessionId || null;
    if (chatSessionId && !(await storage.getChatSession(site.id, body.userSessionId, chatSessionId))) {
      return { response: sendError(reply, 404, 'SESSION_NOT_FOUND', 'No such chat session for this visitor.'), reusable: null };
    }
    const asked = new Date().toISOString();
    const documents = await storage.listDocuments(site.id);
    const [about, history, actions] = await Promise.all([
      askedAbout(storage, site.id, documents, body),
      recentHistory(storage, site.id, body.userSessionId, chatSessionId),
      storage.actionTriggersForPath(site.id, body.path),
    ]);
    // for the inbox: a question asked in voice mode (the avatar speaks its answer), and what the visitor had in view
    const voice = Boolean(body.sessionToken && body.streamSessionId);
    const asQuestion: NewMessage = {
      role: 'user' as const,
      content: question,
      createdAt: asked,
      voice,
      details: questionDetails(body.path, documents, about, actions),
    };
    const sourceDocs = sourceDocuments(documents, about);
    const base: Omit<AppendInput, 'messages'> = {
      siteId: site.id,
      userSessionId: body.userSessionId,
      chatSessionId,
      newSessionName: sessionNameFrom(question),
      path: body.path,
    };
    // Streamed, a new chat's session is made now, empty (the start event names it): whatever becomes of the answer
    // (the visitor stops it, this server goes down), the session the widget goes on in exists. The question and
    // the answer are still stored together, into it.
    if (streaming && !chatSessionId) base.chatSessionId = (await storage.appendMessages({ ...base, messages: [] })).chatSession.id;
    const request: AnswerRequest = {
      question,
      pageText: site.config.agentPageAwareness && body.webPageContent ? body.webPageContent : null,
      pagePath: body.path,
      documents: sourceDocs,
      history,
      ...(about.focus ? { focus: about.focus } : {}),
      ...(about.onPage.length > 0 ? { onPage: about.onPage } : {}),
      ...(site.config.adviceTools ? { adviceTools: true } : {}),
      ...(site.config.referenceWebpage ? { referenceWebpage: site.config.referenceWebpage } : {}),
    };
    const measured = (saved: { questionId: string; chatSessionId: string }, firstWordMs: number | null, wholeAnswerMs: number | null) =>
      recordAnswer(storage, req, {
        siteId: site.id,
        ...saved,
        question,
        askedAt: asked,
        aboutId: about.focus?.id ?? null,
        firstWordMs,
        wholeAnswerMs,
      });
    const complete = async (result: AnswerResult) => {
      const responseButtons = responseButtonsFor(fileUrl, req, result, documents);
      const saved = await storage.appendMessages({
        ...base,
        messages: [
          asQuestion,
          {
            role: 'ai',
            content: result.content,
            createdAt: new Date().toISOString(),
            nothingFound: result.nothingFound === true,
            voice,
            details: { buttons: { followUps: result.followUps, responseButtons, sources: result.sources } },
          },
        ],
      });
      // Voice mode (widget-spec §3 sessionToken, streamSessionId): the avatar says the answer. Where the
      // provider takes its speech on the room's data channel, the widget sends it instead.
      // Stored, the answer is given whatever becomes of this: a failure here is logged, never the request's.
      const avatar = services.avatar;
      if (avatar?.speech === 'server' && body.sessionToken && body.streamSessionId) {
        const { sessionToken, streamSessionId } = body;
        void storage
          .findAvatarSession(site.id, sessionToken, streamSessionId)
          .then((session) => session && avatar.speak(sessionToken, streamSessionId, speakable(result.content)))
          .catch((err: unknown) => req.log.warn({ err }, 'the avatar could not say the answer'));
      }
      return answerJson(saved, result, responseButtons);
    };
    if (streaming)
      return { response: reply, reusable: await streamAnswer(req, openEventStream(reply), asQuestion, request, base, complete, measured) };

    let result: AnswerResult;
    try {
      result = await services.answers.answer(request);
    } catch (err) {
      // The visitor's message is kept; the failure is reported, not stored as an answer.
      const saved = await storage.appendMessages({ ...base, messages: [{ ...asQuestion, answerFailed: true }] });
      req.log.warn({ err }, 'answer provider failed');
      await measured({ questionId: saved.messages[0]!.id, chatSessionId: saved.chatSession.id }, null, null);
      return { response: providerFailure(reply, err, saved), reusable: null };
    }
    const answer = await complete(result);
    // not streamed, the answer is written whole: its first word and its end are the same moment
    const written = clock.elapsed(req);
    await measured({ questionId: answer.userMessage.id, chatSessionId: answer.chatSessionId }, written, written);
    return { response: answer, reusable: answer };
  }

  /**
   * Streams the answer on `events` (issue 16) and stores it: whole, with its question, once it is
   * complete (the `done` event carries the reply); cut off (the client left, the provider failed), with
   * what was written of it marked incomplete, or the question alone when nothing was. Resolves with
   * the reply a question sent again may get, or null.
   */
  async function streamAnswer(
    req: FastifyRequest,
    events: EventStream,
    question: NewMessage,
    request: AnswerRequest,
    base: Omit<AppendInput, 'messages'>,
    complete: (result: AnswerResult) => Promise<ReturnType<typeof answerJson>>,
    measured: (
      saved: { questionId: string; chatSessionId: string },
      firstWordMs: number | null,
      wholeAnswerMs: number | null,
    ) => Promise<void>,
  ): Promise<object | null> {
    let written = '';
    let firstWordMs: number | null = null;
    events.send('start', { chatSessionId: base.chatSessionId });
    try {
      const result = await services.answers.answer(request, events.signal, (piece) => {
        written += piece;
        events.delta(piece);
        firstWordMs ??= clock.elapsed(req);
      });
      const answer = await complete(result);
      events.send('done', answer);
      const wholeAnswerMs = clock.elapsed(req);
      // an answer that came in one piece at the end (no delta) has its first word with it
      await measured(
        { questionId: answer.userMessage.id, chatSessionId: answer.chatSessionId },
        firstWordMs ?? wholeAnswerMs,
        wholeAnswerMs,
      );
      return answer;
    } catch (err) {
      const partial = written.trim();
      // the visitor who left stopped the answer; anything else that cut it off (a reader too slow included) is a failure
      const left = events.signal.aborted && !events.tooSlow;
      let saved: Saved | null = null;
      try {
        saved = await storage.appendMessages({
          ...base,
          messages: [
            { ...question, answerFailed: !left },
            ...(partial
              ? [{ role: 'ai' as const, content: partial, createdAt: new Date().toISOString(), incomplete: true, voice: question.voice }]
              : []),
          ],
        });
      } catch (storeErr) {
        req.log.error({ err: storeErr }, 'the question of a cut-off answer could not be stored');
      }
      if (left) req.log.info('the visitor left before the answer was complete');
      else req.log.warn({ err }, events.tooSlow ? 'the visitor read the answer too slowly' : 'answer provider failed mid-stream');
      events.send('error', {
        error: events.tooSlow ? 'CLIENT_TOO_SLOW' : failureCode(err),
        message: STREAM_FAILURE_TEXT,
        ...(saved && {
          // a reader too slow gets no second copy of what it could not take
          ...(!events.tooSlow && {
            userMessage: messageJson(saved.messages[0]!),
            ...(saved.messages[1] && { aiMessage: messageJson(saved.messages[1]) }),
          }),
          chatSession: { id: saved.chatSession.id, name: saved.chatSession.name },
        }),
      });
      if (saved) {
        // cut off: the words written are stored, and had a first one; failed: nothing was
        const cutOff = saved.messages.length > 1;
        await measured({ questionId: saved.messages[0]!.id, chatSessionId: saved.chatSession.id }, cutOff ? firstWordMs : null, null);
      }
      return null;
    } finally {
      events.end();
    }
  }
}
