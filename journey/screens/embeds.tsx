/**
 * The embed routes (journey-spec §2): host-page slots that the widget fills with a
 * document viewer or a video (widget-spec §2 "Host-page slots"). The slot carries
 * its token in `data-embed-token`; its content belongs to the widget.
 */
import { useEmbedTokens } from '../embed-tokens';
import type { ComponentType } from 'react';

function Slot({ kind, token, label }: { kind: 'smart-doc' | 'video'; token: string; label: string }) {
  return <div className={`${kind}-embedding-slot embed-slot`} data-embed-token={token} role="region" aria-label={label} />;
}

/** The demo's documents, one of each type the viewer treats differently (widget-spec §2). */
const DOCUMENT_TYPES = [
  ['docx', 'Word (PDS)'],
  ['pdf', 'PDF (FSG)'],
  ['md', 'Markdown'],
  ['txt', 'Text'],
  ['csv', 'Spreadsheet'],
  ['other', 'Other file'],
] as const;

/** /smart-doc?doc=TYPE shows that document (the Word PDS by default); the links switch between them with a page load. */
function SmartDoc() {
  const t = useEmbedTokens();
  const asked = new URLSearchParams(location.search).get('doc') ?? 'docx';
  const type = t.documents[asked] ? asked : 'docx';
  return (
    <>
      <nav className="doc-switcher" aria-label="Demo documents">
        {DOCUMENT_TYPES.filter(([k]) => t.documents[k]).map(([k, label]) => (
          <a key={k} href={`/smart-doc?doc=${k}`} aria-current={k === type ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <Slot key={type} kind="smart-doc" token={t.documents[type] ?? t.smartDoc} label="Document viewer" />
    </>
  );
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
