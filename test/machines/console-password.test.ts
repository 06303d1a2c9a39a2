/** Changing one's password (machines/console-password.ts): the browser's checks, the server's refusals, the change. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { consolePasswordMachine, type PasswordChange, selectChanged, selectPasswordError } from '../../machines/console-password';

const refusal = (code: string, more: object = {}) => Object.assign(new Error(code), { code, ...more });

function password(change: (input: { current: string; next: string }) => Promise<void> = async () => undefined) {
  const spy = vi.fn(change);
  const actor = createActor(
    consolePasswordMachine.provide({ actors: { change: fromPromise<void, { current: string; next: string }>(({ input }) => spy(input)) } }),
  ).start();
  const send = (fields: PasswordChange) => actor.send({ type: 'PASSWORD.CHANGE', ...fields });
  return { actor, spy, send };
}

const GOOD = { current: 'the old passphrase', next: 'a new long passphrase', confirm: 'a new long passphrase' };

describe('changing one’s password', () => {
  it.each<[string, PasswordChange, string, string]>([
    ['no current password', { ...GOOD, current: '' }, 'PASSWORD_EMPTY', 'currentPassword'],
    ['a short new one', { ...GOOD, next: 'short', confirm: 'short' }, 'PASSWORD_SHORT', 'newPassword'],
    ['a confirmation that differs', { ...GOOD, confirm: 'a new long passphrasE' }, 'PASSWORD_MISMATCH', 'confirmPassword'],
  ])('%s is refused at its field, and nothing is sent', (_, fields, code, field) => {
    const p = password();
    p.send(fields);
    expect(selectPasswordError(p.actor.getSnapshot())).toEqual({ code, field });
    expect(p.actor.getSnapshot().value).toBe('editing');
    expect(p.spy).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, and says it was changed', async () => {
    const p = password();
    p.send(GOOD);
    expect(p.actor.getSnapshot().value).toBe('changing');
    await waitFor(p.actor, (s) => s.matches('editing'));
    expect(p.spy).toHaveBeenCalledWith({ current: GOOD.current, next: GOOD.next });
    expect(selectChanged(p.actor.getSnapshot())).toBe(true);
    expect(selectPasswordError(p.actor.getSnapshot())).toBeNull();
  });

  it('a wrong current password is the current field’s; the server’s refusal of the new one stays at its field', async () => {
    const p = password(async ({ next }) => {
      throw next === GOOD.next ? refusal('SIGN_IN_FAILED') : refusal('INVALID', { field: 'newPassword', allowed: 'not a common password' });
    });
    p.send(GOOD);
    await waitFor(p.actor, (s) => s.matches('editing'));
    expect(selectPasswordError(p.actor.getSnapshot())).toEqual({ code: 'SIGN_IN_FAILED', field: 'currentPassword' });
    p.send({ ...GOOD, next: 'password1234', confirm: 'password1234' });
    await waitFor(p.actor, (s) => s.matches('editing'));
    expect(selectPasswordError(p.actor.getSnapshot())).toEqual({ code: 'INVALID', field: 'newPassword', allowed: 'not a common password' });
    expect(selectChanged(p.actor.getSnapshot())).toBe(false);
  });

  it('a throttled attempt keeps its wait', async () => {
    const p = password(async () => {
      throw refusal('THROTTLED', { retryAfter: 30 });
    });
    p.send(GOOD);
    await waitFor(p.actor, (s) => s.matches('editing'));
    expect(selectPasswordError(p.actor.getSnapshot())).toEqual({ code: 'THROTTLED', retryAfter: 30 });
  });
});
