/**
 * The Settings tab (widget-spec §2): 'Email me a transcript' and 'Get help', each with what it does. A chunk of
 * its own, like the History tab (src/chat-window/chat-window.tsx loads it): it renders the settings view model
 * (src/view-models/settings.ts) with its own stylesheet. When the server mails transcripts, the transcript's action
 * shows the address form below it (src/chat-window/transcript-mail.tsx).
 */
import { useState } from 'react';
import { selectChatSessionId } from '../../machines/chat';
import { adoptStyles } from '../styles/adopt';
import settingsCss from '../styles/settings.css';
import { connectSettings, type Navigator } from '../view-models/settings';
import { siteText, TAB_LABEL } from '../messages';
import { useSelector } from '../use-selector';
import { useConversation, useRuntime, useSettings } from './context';
import type { TranscriptMailForm } from './transcript-mail';
import { useCanMail } from './transcript-mail-check';

/** The browser's way out of the window: the mail program, a new tab without opener or referrer. */
const BROWSER_NAV: Navigator = {
  assign: (url) => window.location.assign(url),
  openTab: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
};

const withStyles = (el: HTMLElement | null) => adoptStyles(el, settingsCss);

/** Then, while page awareness is on, its note: the banner's words, and a toggle that shows the banner (pressed) or hides it. */
export function SettingsTab() {
  const { windowActor, site } = useRuntime();
  const { chat, http } = useConversation();
  const settings = useSettings();
  const [shown, setShown] = useState(false);
  // the address form is a chunk of its own, loaded by the first click (one that failed is tried again by the next)
  const [Form, setForm] = useState<typeof TranscriptMailForm | null>(null);
  const toggle = () => {
    setShown(!shown);
    Form ||
      import('./transcript-mail').then(
        (m) => setForm(() => m.TranscriptMailForm),
        () => setShown(false),
      );
  };
  // the server's mail needs a chat session to mail; before the first message the mail program's link stays
  const canMail = useCanMail(http);
  const hasSession = useSelector(chat, selectChatSessionId) !== null;
  const mail = canMail && hasSession ? { shown, toggle } : null;
  const { items, note } = connectSettings({ windowActor, chat, site, ...settings, nav: BROWSER_NAV, mail });
  return (
    <section ref={withStyles} data-part="settings" aria-label={TAB_LABEL.settings}>
      {items.map((item, i) => [
        <button type="button" key={item.label} data-part="settings-button" aria-expanded={item.expanded} onClick={item.onSelect}>
          {item.label}
        </button>,
        <p key={item.hint} data-part="hint">
          {item.hint}
        </p>,
        i === 0 && mail?.shown && http && Form && (
          <Form key="mail" http={http} chat={chat} agentName={siteText(settings.appearance.agentName)} />
        ),
      ])}
      {note && (
        <div data-part="page-note" role="group" aria-label={note.title}>
          <p data-part="hint">
            {note.lines[0]} {note.lines[1]}
          </p>
          <button type="button" data-part="settings-button" aria-pressed={note.show.pressed} onClick={note.show.onSelect}>
            {note.show.label}
          </button>
        </div>
      )}
    </section>
  );
}
