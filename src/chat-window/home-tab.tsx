/**
 * The Home tab (widget-spec §2): title, description, the page's action buttons, its home video with the
 * script, and a composer below them: the window opens here, and a visitor can type at once (the window
 * gives the input the focus, chat-window.tsx); sending goes on in the Chat tab.
 */
import { Icon } from '../icons';
import type { HomeView } from '../view-models/home';
import { Banner, ButtonList, enterSends } from './buttons';
import { useHomeView } from './context';
import { VideoPlayer } from './video';
import { SEND_MESSAGE, SUGGESTED_ACTIONS, VIDEO_SCRIPT } from '../messages';

function Composer({ c }: { c: HomeView['composer'] }) {
  return (
    <div data-part="composer">
      <textarea
        data-part="input"
        rows={1}
        aria-label={c.label}
        placeholder={c.placeholder}
        value={c.draft}
        onInput={(e) => c.type((e.target as HTMLTextAreaElement).value)}
        onKeyDown={enterSends(c.submit)}
      />
      <button type="button" data-part="send" aria-label={SEND_MESSAGE} title={SEND_MESSAGE} disabled={!c.canSubmit} onClick={c.submit}>
        <Icon name="send" />
      </button>
    </div>
  );
}

export function HomeTab() {
  const view = useHomeView();
  return (
    <>
      <section data-part="home" aria-labelledby="aiw-home-title">
        <h3 data-part="home-title" id="aiw-home-title">
          {view.title}
        </h3>
        <p data-part="home-description">{view.description}</p>
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
      <Composer c={view.composer} />
    </>
  );
}
