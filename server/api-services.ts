/** What the API of widget-spec §7 needs to run: storage, tokens, providers and limits. */
import type { AnswerEngine } from './answers/types';
import type { AvatarProvider } from './avatar/types';
import type { TokenSigner } from './auth';
import type { Storage } from './storage/types';
import type { Transcriber } from './transcribe/types';
import type { Mailer } from './mail';

/** What the API needs, provided by main.ts (real) or the tests. */
export interface ApiServices {
  storage: Storage;
  tokens: TokenSigner;
  answers: AnswerEngine;
  transcriber: Transcriber | null;
  /** The message of the 501 when there is no transcriber. */
  transcriptionDisabledMessage: string;
  avatar: AvatarProvider | null;
  limits: ApiLimits;
  /** The public base URL (ends with '/') for file links; by default taken from each request's Host. */
  publicUrl?: string;
  /** Mail through SMTP_URL (server/mail.ts); null or absent: nothing is mailed, and nothing offers to. @default null */
  mailer?: Mailer | null;
}

/** The API's limits on chat traffic and request sizes. */
export interface ApiLimits {
  /** Chat messages a visitor may send per window. @default 20 */
  chatPerVisitor: number;
  /** Chat messages a whole site may receive per window. @default 600 */
  chatPerSite: number;
  /** Chat messages one client address may send per window, whatever tokens and visitor ids it uses. @default 60 */
  chatPerIp?: number;
  /** Session boots one client address may make per window. @default 60 */
  bootPerIp?: number;
  /** The rate-limit window in ms. @default 60000 */
  windowMs: number;
  /** The largest audio upload to transcribe, in bytes. @default 10 MiB */
  maxAudioBytes: number;
  /** The largest JSON body, in bytes. @default 1 MiB */
  maxBodyBytes: number;
  /** Answers this instance writes at once (MAX_STREAMS); past it a new chat is refused with 503. @default 3000 */
  maxStreams?: number;
}

/** The interactive avatar's streaming provider (widget-spec §7). */
export type { AvatarProvider } from './avatar/types';
