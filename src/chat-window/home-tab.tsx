/**
 * The Home tab (widget-spec §2): title, description, the ongoing conversation's last message with Continue,
 * the page's action buttons, its home video with the script, and the Chat tab's composer below them: the
 * window opens here, and a visitor can type (or dictate) at once (the window gives the input the focus,
 * chat-window.tsx); sending goes on in the Chat tab.
 */
import { Banner, ButtonList } from './buttons';
import { Composer, Message } from './chat-tab';
import { useHomeView } from './context';
import { VideoPlayer } from './video';
import { CONTINUE, CONVERSATION, SUGGESTED_ACTIONS, VIDEO_SCRIPT } from '../messages';

export function HomeTab() {
  const view = useHomeView();
  return (
    <>
      <section data-part="home" aria-labelledby="aiw-home-title">
        <h3 data-part="home-title" id="aiw-home-title">
          {view.title}
        </h3>
        <p data-part="home-description">{view.description}</p>
        {view.last && (
          <div data-part="ongoing" role="group" aria-label={CONVERSATION}>
            <ol data-part="message-list">
              <Message m={view.last} view={view.messageView} />
            </ol>
            <button type="button" data-part="continue" onClick={view.continue}>
              {CONTINUE}
            </button>
          </div>
        )}
        {/* after the conversation, so its Continue stays in view on a phone while the banner shows (320 × 640) */}
        {view.banner && <Banner lines={view.banner} />}
        <ButtonList buttons={view.buttons} kind="action" label={SUGGESTED_ACTIONS} onClick={view.clickButton} />
        {view.video && (
          <figure data-part="home-video">
            <VideoPlayer m={view.video} />
            {view.video.script && (
              <figcaption>
                <details>
                  <summary>{VIDEO_SCRIPT}</summary>
                  <p>{view.video.script}</p>
                </details>
              </figcaption>
            )}
          </figure>
        )}
      </section>
      <Composer composer={view.composer} />
    </>
  );
}
