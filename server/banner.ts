/**
 * What `npm start` prints once the server listens. Every URL in it opens a page or a file
 * (test/server/banner.test.ts fetches each one); the API is named by its paths, since its
 * calls need a key or a token and answer nothing useful to a browser's address bar.
 */
interface BannerInfo {
  /** The address the server listens on, without a trailing slash (`http://127.0.0.1:8787`). */
  base: string;
  /** The demo site's publishable API key. */
  apiKey: string;
  /** The demo site's id (the console's and `npm run admin`'s name for it). */
  siteId: string;
  /** The answer engine's name. */
  answers: string;
  /** The transcription engine's name, or null when off. */
  transcription: string | null;
  /** The avatar provider's name, or null when off. */
  avatar: string | null;
  /** Where the data lives (`SQLite data/horizon.db`, `PostgreSQL host/db`). */
  storage: string;
  /** How long visitors' data is kept (`90d`), or null when it is kept forever. */
  retention: string | null;
  /** The SMTP relay (scheme, host and port: never its user or password) and the sender, or null without SMTP_URL. */
  mail?: string | null;
}

/** The lines `npm start` prints: the pages to open, the widget's script tag values, the engines and the data. */
export function startBanner(info: BannerInfo): string {
  const { base } = info;
  return [
    '',
    'Horizon Advice is running.',
    `  Journey (hosts the widget):  ${base}/`,
    `  Same, with the inspector:    ${base}/?inspect`,
    `  Embed pages:                 ${base}/smart-doc  ${base}/smart-doc-multiple  ${base}/video-embed`,
    `  Widget script:               ${base}/widget.js`,
    `  Operator console:            ${base}/console`,
    `    (its first owner: npm run -s admin -- owner:invite --email YOU@EXAMPLE.COM prints a link to set a password;`,
    `     to run the demo site in it: npm run -s admin -- member:invite ${info.siteId} --email YOU@EXAMPLE.COM --role owner)`,
    `  Health check:                ${base}/healthz`,
    `  Demo site API key:           ${info.apiKey}`,
    `  To embed the widget: data-api-url is this address + /api, data-base-url this address + / (see README.md).`,
    `  Answers: ${info.answers}   Transcription: ${info.transcription ?? 'off'}   Avatar: ${info.avatar ?? 'off'}`,
    `  Data: ${info.storage}   Visitors' data kept: ${info.retention ?? 'forever (RETENTION=off)'}`,
    `  Mail: ${info.mail ?? 'off (SMTP_URL unset: nothing is mailed)'}`,
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}
