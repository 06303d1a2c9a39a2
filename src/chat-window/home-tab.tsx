/** The Home tab (widget-spec §2): title, description, the page's action buttons, and its home video with the script. */
import { ButtonList } from './buttons';
import { useHomeView } from './context';
import { VideoPlayer } from './video';

export function HomeTab() {
  const view = useHomeView();
  return (
    <section data-part="home" aria-labelledby="aiw-home-title">
      <h3 data-part="home-title" id="aiw-home-title">
        {view.title}
      </h3>
      <p data-part="home-description">{view.description}</p>
      {view.banner && <p data-part="banner">{view.banner}</p>}
      <ButtonList buttons={view.buttons} kind="action" label="Suggested actions" onClick={view.clickButton} />
      {view.video && (
        <figure data-part="home-video">
          <VideoPlayer m={view.video} />
          {view.video.script && (
            <figcaption>
              <details>
                <summary>Video script</summary>
                <p>{view.video.script}</p>
              </details>
            </figcaption>
          )}
        </figure>
      )}
    </section>
  );
}
