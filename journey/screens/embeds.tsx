/**
 * The embed routes (journey-spec §2): host-page slots that the widget fills with a
 * document viewer or a video (widget-spec §2 "Host-page slots"). The slot carries
 * its token in `data-embed-token`; its content belongs to the widget.
 */
import { useEmbedTokens } from '../embed-tokens';
import type { ComponentType } from 'react';

function Slot({ kind, token, label }: { kind: 'smart-doc' | 'video'; token: string; label: string }) {
  return (
    <div
      className={`${kind}-embedding-slot embed-slot`}
      data-embed-token={token}
      role="region"
      aria-label={label}
    />
  );
}

function SmartDoc() {
  const t = useEmbedTokens();
  return <Slot kind="smart-doc" token={t.smartDoc} label="Document viewer" />;
}

function SmartDocMultiple() {
  const t = useEmbedTokens();
  return (
    <div className="embed-pair">
      <Slot kind="smart-doc" token={t.smartDoc} label="First document viewer" />
      <Slot kind="smart-doc" token={t.smartDocSecond} label="Second document viewer" />
    </div>
  );
}

function VideoEmbed() {
  const t = useEmbedTokens();
  return <Slot kind="video" token={t.video} label="Video player" />;
}

export const BODIES = {
  smartDoc: SmartDoc,
  smartDocMultiple: SmartDocMultiple,
  videoEmbed: VideoEmbed,
} satisfies Record<string, ComponentType>;
