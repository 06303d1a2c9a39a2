/**
 * The window machine's first tab (issue 13): the window opens on Home, which has a composer,
 * so a visitor types at once; a tab chosen since stays for the next open, and an ask opens on Chat.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectTab, windowMachine, type WindowEmitted } from '../../machines/window';

function start() {
  const actor = createActor(windowMachine, { input: { path: '/', isMobile: false } }).start();
  const emitted: WindowEmitted[] = [];
  for (const type of ['window.opened', 'tab.entered'] as const) actor.on(type, (e) => void emitted.push(e));
  return { actor, emitted };
}

describe('window machine: the tab it opens on (issue 13)', () => {
  it('opens on Home and says so: the window opened, then Home entered (the input gets the focus)', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'WINDOW.OPEN' });
    expect(selectTab(actor.getSnapshot())).toBe('home');
    expect(emitted).toEqual([{ type: 'window.opened' }, { type: 'tab.entered', tab: 'home' }]);
  });

  it('keeps the tab chosen for the next open', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'WINDOW.OPEN' });
    actor.send({ type: 'TAB.SELECT', tab: 'chat' });
    actor.send({ type: 'WINDOW.CLOSE' });
    emitted.length = 0;
    actor.send({ type: 'WINDOW.TOGGLE' });
    expect(emitted).toEqual([{ type: 'window.opened' }, { type: 'tab.entered', tab: 'chat' }]);
  });

  it('an ask opens it on the Chat tab', () => {
    const { actor } = start();
    actor.send({ type: 'WINDOW.ASK', text: 'Hello' });
    expect(selectTab(actor.getSnapshot())).toBe('chat');
  });
});
