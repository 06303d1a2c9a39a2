import { createActor, fromPromise, type PromiseActorLogic } from 'xstate';
import { chatMachine, type ChatEmitted, type ChatMessage, type SendInput, type SendResult } from '../../machines/chat';

/** A promise actor whose calls the test settles by hand. */
export function controlled<I, O>() {
  const calls: { input: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  const logic = fromPromise<O, I>(({ input }) => new Promise<O>((resolve, reject) => calls.push({ input, resolve, reject })));
  return { logic, calls };
}

type HistoryLogic = {
  logic: PromiseActorLogic<{ messages: ChatMessage[]; chatSessionId: string | null }, { chatSessionId: string | null }>;
};
type SendLogic = { logic: PromiseActorLogic<SendResult, SendInput> };

/** The chat machine over the test's history and send actors (made with {@link controlled} unless given), with what it emits. */
export function startChat<
  H extends HistoryLogic = ReturnType<
    typeof controlled<{ chatSessionId: string | null }, { messages: ChatMessage[]; chatSessionId: string | null }>
  >,
  S extends SendLogic = ReturnType<typeof controlled<SendInput, SendResult>>,
>(chatSessionId: string | null = null, history: H = controlled() as unknown as H, send: S = controlled() as unknown as S) {
  const actor = createActor(chatMachine.provide({ actors: { loadHistory: history.logic, send: send.logic } }), {
    input: { chatSessionId },
  });
  const emitted: ChatEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as ChatEmitted));
  actor.start();
  return { actor, history, send, emitted };
}
