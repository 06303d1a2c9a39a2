/** The Home tab (widget-spec §2): title, description, the page's action buttons, and its home video with the script. */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { selectMessages } from '../../machines/chat';
import { selectPath } from '../../machines/widget';
import type { ActionButton } from '../api/client';
import { useRuntime } from './use-runtime';
import { ButtonList } from './buttons';
import { useConversation } from './chat-window';
import { VideoPlayer } from './video';

export function HomeTab() {
  const rt = useRuntime();
  const { chat, client } = useConversation();
  const path = useSelector(rt.widget, selectPath);
  const [buttons, setButtons] = useState<ActionButton[]>([]);
  // action buttons for the current path, refreshed when it changes
  useEffect(() => {
    let current = true;
    void client.actionButtons(path).then((b) => current && setButtons(b));
    return () => {
      current = false;
    };
  }, [path]);
  const video = useSelector(chat, selectMessages).find((m) => m.type === 'VIDEO' && m.source === 'POINT_OF_PRESENCE' && m.videoUrl);
  const home = rt.appearance.home;
  return (
    <section data-part="home" aria-labelledby="aiw-home-title">
      <h3 data-part="home-title" id="aiw-home-title">
        {home.title}
      </h3>
      <p data-part="home-description">{home.description}</p>
      {rt.config.agentPageAwareness && <p data-part="banner">Referencing the current page may slow down AI responses.</p>}
      <ButtonList buttons={buttons} kind="action" label="Suggested actions" />
      {video && (
        <figure data-part="home-video">
          <VideoPlayer m={video} />
          {video.script && (
            <figcaption>
              <details>
                <summary>Video script</summary>
                <p>{video.script}</p>
              </details>
            </figcaption>
          )}
        </figure>
      )}
    </section>
  );
}
