/**
 * The body of an effect a machine declares but does not do: it throws until the app
 * (or a test) gives the real one through `provide()` (STYLE.md "Machines").
 *
 *   send: fromPromise<SendResult, SendInput>(notProvided('send'))
 */
export const notProvided = (name: string) => (): never => {
  throw new Error(`${name} actor not provided`);
};
