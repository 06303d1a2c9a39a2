/**
 * The embed routes (journey-spec §2): host-page slots that the widget fills with a
 * document viewer or a video (widget-spec §2 "Host-page slots"). The slot carries
 * its token in `data-embed-token`; its content belongs to the widget.
 */
import { useEmbedTokens } from '../embed-tokens';
import { EMBED_WORDS as W } from '../messages-on-demand';
import type { ComponentType } from 'react';

function Slot({ kind, token, label }: { kind: 'smart-doc' | 'video'; token: string; label: string }) {
  return <div className={`${kind}-embedding-slot embed-slot`} data-embed-token={token} role="region" aria-label={label} />;
}

/** The demo's documents, one of each type the viewer treats differently (widget-spec §2), with their links' words. */
const DOCUMENT_TYPES = Object.entries(W.documentTypes);

/** /smart-doc?doc=TYPE shows that document (the Word PDS by default); the links switch between them with a page load. */
function SmartDoc() {
  const t = useEmbedTokens();
  const asked = new URLSearchParams(location.search).get('doc') ?? 'docx';
  const type = t.documents[asked] ? asked : 'docx';
  return (
    <>
      <nav className="doc-switcher" aria-label={W.documentsLabel}>
        {DOCUMENT_TYPES.filter(([k]) => t.documents[k]).map(([k, label]) => (
          <a key={k} href={`/smart-doc?doc=${k}`} aria-current={k === type ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <Slot key={type} kind="smart-doc" token={t.documents[type] ?? t.smartDoc} label={W.documentViewer} />
    </>
  );
}

function SmartDocMultiple() {
  const t = useEmbedTokens();
  return (
    <div className="embed-pair">
      <Slot kind="smart-doc" token={t.smartDoc} label={W.firstViewer} />
      <Slot kind="smart-doc" token={t.smartDocSecond} label={W.secondViewer} />
    </div>
  );
}

function VideoEmbed() {
  const t = useEmbedTokens();
  return <Slot kind="video" token={t.video} label={W.videoPlayer} />;
}

export const BODIES = {
  smartDoc: SmartDoc,
  smartDocMultiple: SmartDocMultiple,
  videoEmbed: VideoEmbed,
} satisfies Record<string, ComponentType>;
