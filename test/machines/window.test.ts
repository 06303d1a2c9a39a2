/**
 * The window machine's first tab (issue 13): the window opens on Home, which has a composer,
 * so a visitor types at once; a tab chosen since stays for the next open, and an ask opens on Chat.
 * And its bubble giving way to the host page: hidden until its overlap watcher first finds it clear,
 * and while it reports a control under it; shown again once clear; gone only when the visitor
 * dismisses it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { selectBubble, selectBubbleGivesWay, selectTab, windowMachine, type WindowEmitted, type WindowEvent } from '../../machines/window';

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

describe('window machine: the bubble gives way to the host page', () => {
  function startWatched() {
    const watcher = { started: 0, stopped: 0, report: (_: WindowEvent) => {} };
    const actor = createActor(
      windowMachine.provide({
        actors: {
          bubbleOverlap: fromCallback<EventObject>(({ sendBack }) => {
            watcher.started++;
            watcher.report = sendBack;
            return () => void watcher.stopped++;
          }),
        },
      }),
      { input: { path: '/a', isMobile: true } },
    ).start();
    const emitted: WindowEmitted[] = [];
    actor.on('*', (e) => void emitted.push(e as WindowEmitted));
    const shows = () => [selectBubble(actor.getSnapshot())?.greeting ?? null, selectBubbleGivesWay(actor.getSnapshot())];
    return { actor, watcher, emitted, shows };
  }

  it('watches while the bubble is up; shows it once clear, hides it while it lies over a control, and shows it again once clear', () => {
    const { actor, watcher, emitted, shows } = startWatched();
    expect(watcher.started).toBe(0);
    actor.send({ type: 'BUBBLE.SHOW', bubble: { greeting: true } });
    expect(watcher).toMatchObject({ started: 1, stopped: 0 });
    // not shown before the first check: it never shows over a control, not even for a frame
    expect(shows()).toEqual([true, true]);
    watcher.report({ type: 'BUBBLE.CLEAR' });
    expect(shows()).toEqual([true, false]);

    watcher.report({ type: 'BUBBLE.OVERLAPS' });
    // hidden, not dismissed: the bubble is kept, nothing is remembered
    expect(shows()).toEqual([true, true]);
    expect(emitted).toEqual([]);
    watcher.report({ type: 'BUBBLE.CLEAR' });
    expect(shows()).toEqual([true, false]);
    watcher.report({ type: 'BUBBLE.OVERLAPS' });
    watcher.report({ type: 'BUBBLE.OVERLAPS' });
    watcher.report({ type: 'BUBBLE.CLEAR' });
    expect(shows()).toEqual([true, false]);
    expect(watcher).toMatchObject({ started: 1, stopped: 0 });
  });

  it("the visitor's dismissal is final: the bubble goes, the watching stops, and a report changes nothing", () => {
    const { actor, watcher, emitted, shows } = startWatched();
    actor.send({ type: 'BUBBLE.SHOW', bubble: { greeting: true } });
    actor.send({ type: 'BUBBLE.DISMISS' });
    expect(emitted).toEqual([{ type: 'bubble.dismissed', path: '/a' }]);
    expect(watcher).toMatchObject({ started: 1, stopped: 1 });
    watcher.report({ type: 'BUBBLE.CLEAR' });
    expect(shows()).toEqual([null, false]);
  });

  it('a new bubble is watched afresh, hidden until its first check; another page or an opened window stops the watching', () => {
    const { actor, watcher, shows } = startWatched();
    actor.send({ type: 'BUBBLE.SHOW', bubble: { greeting: true } });
    watcher.report({ type: 'BUBBLE.CLEAR' });
    actor.send({ type: 'BUBBLE.SHOW', bubble: { text: 'A video for this page', videoUrl: 'https://cdn.test/v.mp4' } });
    expect(watcher).toMatchObject({ started: 2, stopped: 1 });
    expect(selectBubbleGivesWay(actor.getSnapshot())).toBe(true);
    watcher.report({ type: 'BUBBLE.CLEAR' });
    expect(selectBubbleGivesWay(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'PATH.CHANGED', path: '/b' });
    expect(watcher).toMatchObject({ started: 2, stopped: 2 });
    expect(shows()).toEqual([null, false]);

    actor.send({ type: 'BUBBLE.SHOW', bubble: { greeting: true } });
    watcher.report({ type: 'BUBBLE.OVERLAPS' });
    actor.send({ type: 'WINDOW.OPEN' });
    expect(watcher).toMatchObject({ started: 3, stopped: 3 });
    expect(shows()).toEqual([null, false]);
  });
});
