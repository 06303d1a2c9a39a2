/**
 * The demo site, seeded on first start (docs/architecture.md "The server"): action
 * buttons for the journey's paths, a smart document of each type with footer
 * buttons, a short video with its transcript, and a point-of-presence video on
 * one path. Its publishable API key is kept in the data folder so that every
 * start can print it and put it in the demo page's script tag.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_MEDIA_DIR, demoDocuments, demoVideo } from './demo/content';
import { contentTypeFor, extractText } from './documents';
import type { Site, Storage } from './storage/types';

/** Publishable keys look like `pk_live_…` so that they are recognisable in page source and logs. */
export const newApiKey = () => `pk_${randomBytes(24).toString('base64url')}`;

export interface DemoSite {
  site: Site;
  apiKey: string;
  /** Embed tokens for the demo page's slots. */
  smartDocToken: string;
  smartDocSecondToken: string;
  videoToken: string;
  /** Every document's embed token by its type (`pdf=… docx=…`), for the demo's document switcher. */
  documentTokens: string;
}

const KEY_FILE = 'demo-api-key';

/** Creates the demo site when the database has none; returns it either way. */
export function ensureDemoSite(storage: Storage, dataDir: string): DemoSite {
  const keyFile = path.join(dataDir, KEY_FILE);
  const existing = storage.listSites().find((s) => s.name === DEMO_SITE_NAME);
  if (existing && existsSync(keyFile)) {
    return describe(storage, existing, readFileSync(keyFile, 'utf8').trim());
  }
  if (existing) {
    // The key file was lost: give the demo site a new key rather than leave it unusable.
    const apiKey = newApiKey();
    storage.rotateApiKey(existing.id, apiKey);
    writeFileSync(keyFile, apiKey, { mode: 0o600 });
    return describe(storage, existing, apiKey);
  }
  const apiKey = newApiKey();
  const site = seedDemoSite(storage, apiKey);
  writeFileSync(keyFile, apiKey, { mode: 0o600 });
  return describe(storage, site, apiKey);
}

export const DEMO_SITE_NAME = 'Horizon Advice (demo)';

function describe(storage: Storage, site: Site, apiKey: string): DemoSite {
  const docs = storage.listDocuments(site.id);
  const byType = (t: string) => docs.find((d) => d.type === t)?.embedToken ?? '';
  return {
    site,
    apiKey,
    smartDocToken: byType('pdf'),
    smartDocSecondToken: byType('md'),
    videoToken: storage.listVideos(site.id)[0]?.embedToken ?? '',
    documentTokens: docs.map((d) => `${d.type}=${d.embedToken}`).join(' '),
  };
}

/** Writes the demo site and its content. */
export function seedDemoSite(storage: Storage, apiKey: string): Site {
  const site = storage.createSite({
    name: DEMO_SITE_NAME,
    apiKey,
    // `self` is the server's own origin, whatever host and port it runs on.
    origins: ['self'],
    config: { agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '' },
    appearance: {
      agentName: 'Horizon Assistant',
      agentDescription: 'Ask me about your investment journey',
      home: { title: 'Welcome back!', description: 'Ask about your goal, your answers, fees or risk.' },
    },
  });

  for (const doc of demoDocuments()) {
    const fileId = storage.addFile(site.id, { filename: doc.filename, contentType: contentTypeFor(doc.filename), bytes: doc.bytes });
    const record = storage.addDocument({
      siteId: site.id,
      name: doc.name,
      type: doc.type,
      versionNumber: doc.versionNumber,
      fileId,
      text: extractText(doc.type, doc.bytes),
    });
    storage.addFooterButton(record.id, { label: 'Ask a question', type: 'BUTTON', actionType: 'open_chat_modal' });
    storage.addFooterButton(record.id, { label: 'Download', type: 'LINK', url: `/files/${fileId}/${encodeURIComponent(doc.filename)}` });
  }

  const v = demoVideo();
  const videoBytes = readFileSync(path.join(DEMO_MEDIA_DIR, v.filename));
  const videoFile = storage.addFile(site.id, { filename: v.filename, contentType: contentTypeFor(v.filename), bytes: videoBytes });
  const posterName = v.poster;
  const posterFile = posterName
    ? storage.addFile(site.id, { filename: posterName, contentType: contentTypeFor(posterName), bytes: readFileSync(path.join(DEMO_MEDIA_DIR, posterName)) })
    : null;
  const captionsFile = storage.addFile(site.id, {
    filename: v.captions,
    contentType: 'text/vtt; charset=utf-8',
    bytes: readFileSync(path.join(DEMO_MEDIA_DIR, v.captions)),
  });
  const video = storage.addVideo({
    siteId: site.id,
    name: v.name,
    description: v.description,
    fileId: videoFile,
    thumbnailFileId: posterFile,
    captionsFileId: captionsFile,
    transcript: v.transcript,
  });
  storage.addPresenceMessage(site.id, {
    triggerEventUrl: '/investment/intro',
    videoId: video.id,
    content: 'Here is a short welcome before you start.',
    showOnVisit: true,
  });

  const triggers: { path: string; name: string; message: string }[] = [
    { path: '/', name: 'Which journey suits me?', message: 'Which of the recommended journeys suits me?' },
    { path: '/investment/*', name: 'What will I need?', message: 'What information will I need for the investment journey?' },
    { path: '/investment/eligibility', name: 'Who is this advice for?', message: 'Who is this advice suitable for?' },
    { path: '/questionnaire/*', name: 'Why do you ask this?', message: 'Why do you need this information?' },
    { path: '/questionnaire/risk-assessment', name: 'Explain the risk styles', message: 'What is the difference between the investment risk styles?' },
    { path: '/questionnaire/recommendation', name: 'How was this worked out?', message: 'How was my recommendation worked out?' },
    { path: '/recommended-products', name: 'What fees will I pay?', message: 'What fees will I pay for this product?' },
  ];
  for (const t of triggers) storage.addActionTrigger(site.id, { path: t.path, name: t.name, buttonType: 'ACTION', actionMessage: t.message });
  storage.addActionTrigger(site.id, {
    path: '/recommended-products',
    name: 'Moneysmart: managed funds',
    buttonType: 'EXTERNAL_LINK',
    externalUrl: 'https://moneysmart.gov.au/managed-funds-and-etfs',
  });
  return site;
}
