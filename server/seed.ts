/**
 * The demo site, seeded on first start (docs/architecture.md "The server"): action
 * buttons for the journey's paths, a smart document of each type with footer
 * buttons, a short video with its transcript, and a point-of-presence video on
 * one path. Its publishable API key is kept in the storage (a secret) so that every
 * start can print it and put it in the demo page's script tag.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_MEDIA_DIR, demoDocuments, demoVideo } from './demo/content';
import { contentTypeFor, readDocumentText, TEXT_READER_VERSION } from './documents';
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

/**
 * Creates the demo site when the database has none; returns it either way. Its key is the storage's
 * `demo-api-key` secret (a file in the data folder on SQLite, shared by every instance on PostgreSQL);
 * instances starting together seed it once.
 */
export function ensureDemoSite(storage: Storage): Promise<DemoSite> {
  return storage.exclusive('demo-site', async () => {
    const apiKey = await storage.secret('demo-api-key', newApiKey);
    const existing = (await storage.listSites()).find((s) => s.name === DEMO_SITE_NAME);
    if (!existing) return describe(storage, await seedDemoSite(storage, apiKey), apiKey);
    // The stored key was lost (a new one was just made): give the demo site that key rather than leave it unusable.
    if ((await storage.findSiteByApiKey(apiKey))?.id !== existing.id) await storage.rotateApiKey(existing.id, apiKey);
    return describe(storage, existing, apiKey);
  });
}

export const DEMO_SITE_NAME = 'Horizon Advice (demo)';

async function describe(storage: Storage, site: Site, apiKey: string): Promise<DemoSite> {
  const docs = await storage.listDocuments(site.id);
  const byType = (t: string) => docs.find((d) => d.type === t)?.embedToken ?? '';
  return {
    site,
    apiKey,
    smartDocToken: byType('pdf'),
    smartDocSecondToken: byType('md'),
    videoToken: (await storage.listVideos(site.id))[0]?.embedToken ?? '',
    documentTokens: docs.map((d) => `${d.type}=${d.embedToken}`).join(' '),
  };
}

/** Writes the demo site and its content. */
export async function seedDemoSite(storage: Storage, apiKey: string): Promise<Site> {
  const site = await storage.createSite({
    name: DEMO_SITE_NAME,
    apiKey,
    // `self` is the server's own origin, whatever host and port it runs on.
    origins: ['self'],
    // the demo runs the journey, so its answers compute with the journey's advice engine
    config: { agentPageAwareness: true, interactiveAvatarId: '', referenceWebpage: '', adviceTools: true },
    appearance: {
      agentName: 'Horizon Assistant',
      agentDescription: 'Ask me about your investment journey',
      home: { title: 'Welcome back!', description: 'Ask about your goal, your answers, fees or risk.' },
    },
  });

  for (const doc of demoDocuments()) {
    const fileId = await storage.addFile(site.id, { filename: doc.filename, contentType: contentTypeFor(doc.filename), bytes: doc.bytes });
    const record = await storage.addDocument({
      siteId: site.id,
      name: doc.name,
      type: doc.type,
      versionNumber: doc.versionNumber,
      fileId,
      text: (await readDocumentText(doc.type, doc.bytes)).text,
      textReader: TEXT_READER_VERSION,
    });
    // widget-spec §2 "Video viewer" and §4 name it 'Ask question': one label on documents and videos alike
    await storage.addFooterButton(record.id, { label: 'Ask question', type: 'BUTTON', actionType: 'open_chat_modal' });
    await storage.addFooterButton(record.id, {
      label: 'Download',
      type: 'LINK',
      url: `/files/${fileId}/${encodeURIComponent(doc.filename)}`,
    });
  }

  const v = demoVideo();
  const videoBytes = readFileSync(path.join(DEMO_MEDIA_DIR, v.filename));
  const videoFile = await storage.addFile(site.id, { filename: v.filename, contentType: contentTypeFor(v.filename), bytes: videoBytes });
  const posterName = v.poster;
  const posterFile = posterName
    ? await storage.addFile(site.id, {
        filename: posterName,
        contentType: contentTypeFor(posterName),
        bytes: readFileSync(path.join(DEMO_MEDIA_DIR, posterName)),
      })
    : null;
  const captionsFile = await storage.addFile(site.id, {
    filename: v.captions,
    contentType: 'text/vtt; charset=utf-8',
    bytes: readFileSync(path.join(DEMO_MEDIA_DIR, v.captions)),
  });
  const video = await storage.addVideo({
    siteId: site.id,
    name: v.name,
    description: v.description,
    fileId: videoFile,
    thumbnailFileId: posterFile,
    captionsFileId: captionsFile,
    transcript: v.transcript,
  });
  await storage.addPresenceMessage(site.id, {
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
    {
      path: '/questionnaire/risk-assessment',
      name: 'Explain the risk styles',
      message: 'What is the difference between the investment risk styles?',
    },
    { path: '/questionnaire/recommendation', name: 'How was this worked out?', message: 'How was my recommendation worked out?' },
    { path: '/recommended-products', name: 'What fees will I pay?', message: 'What fees will I pay for this product?' },
  ];
  for (const t of triggers)
    await storage.addActionTrigger(site.id, { path: t.path, name: t.name, buttonType: 'ACTION', actionMessage: t.message });
  await storage.addActionTrigger(site.id, {
    path: '/recommended-products',
    name: 'Moneysmart: managed funds',
    buttonType: 'EXTERNAL_LINK',
    externalUrl: 'https://moneysmart.gov.au/managed-funds-and-etfs',
  });
  return site;
}
