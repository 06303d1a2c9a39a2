/**
 * The demo site's content: one smart document of each kind the viewer renders
 * differently (widget-spec §2, "Smart document viewer"), and the welcome video.
 *
 * The documents are generated here, not committed as binaries, so that their
 * wording stays reviewable and their figures come from the journey's own constants
 * (the fees and risk styles of journey-spec §3 and §9). Every build of them is
 * byte-identical: no timestamps, fixed zip dates, no random ids. The video cannot
 * be made in code; it lives in demo/media/ with the commands that made it.
 *
 * This module lists them; the documents' copy is in the modules beside it, written
 * with the PDF and DOCX writers of ./pdf and ./docx.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocType } from '../documents';
import { FUND } from './copy';
import { financialServicesGuidePdf } from './financial-services-guide';
import { productDisclosureStatementDocx } from './product-disclosure-statement';
import { feeScheduleCsv, modelPortfoliosJson, privacyPolicyText, riskProfilesMarkdown } from './text-documents';

/** A document the server seeds into the demo site. */
export interface DemoDocument {
  /** Stable, URL-safe id of the document within the demo site. */
  slug: string;
  /** The display name the viewer's header shows (widget-spec §2). */
  name: string;
  type: DocType;
  /** The file name to store and serve it under; its extension gives the Content-Type. */
  filename: string;
  /** The file itself. */
  bytes: Uint8Array;
  /** Shown in the viewer's header as 'Version N' (widget-spec §2). */
  versionNumber: number;
}

/** The demo site's welcome video; its files are in {@link DEMO_MEDIA_DIR}. */
export interface DemoVideo {
  slug: string;
  name: string;
  description: string;
  /** The WebM (VP9 + Opus) file in {@link DEMO_MEDIA_DIR}. */
  filename: string;
  /** Exactly what the voice-over says (widget-spec §2 Home tab: the video's "script"). */
  transcript: string;
  /** File name of the poster image (the video response's thumbnailUrl, widget-spec §3) in {@link DEMO_MEDIA_DIR}. */
  poster: string;
  /** File name of the WebVTT captions of the voice-over in {@link DEMO_MEDIA_DIR}. */
  captions: string;
}

/**
 * The demo site's documents, one of each kind the viewer treats differently:
 * pdf, docx, md, txt, csv and other (widget-spec §2). Each call builds fresh
 * bytes, identical to the last call's.
 */
export function demoDocuments(): DemoDocument[] {
  return [
    {
      slug: 'financial-services-guide',
      name: 'Financial Services Guide',
      type: 'pdf',
      filename: 'financial-services-guide.pdf',
      bytes: financialServicesGuidePdf(),
      versionNumber: 3,
    },
    {
      slug: 'pds-diversified-index-fund',
      name: `Product Disclosure Statement – ${FUND}`,
      type: 'docx',
      filename: 'pds-diversified-index-fund.docx',
      bytes: productDisclosureStatementDocx(),
      versionNumber: 2,
    },
    {
      slug: 'investment-risk-profiles',
      name: 'Investment risk profiles explained',
      type: 'md',
      filename: 'investment-risk-profiles.md',
      bytes: utf8(riskProfilesMarkdown()),
      versionNumber: 1,
    },
    {
      slug: 'privacy-policy',
      name: 'Privacy & Personal Data Protection Policy',
      type: 'txt',
      filename: 'privacy-policy.txt',
      bytes: utf8(privacyPolicyText()),
      versionNumber: 4,
    },
    {
      slug: 'fee-schedule',
      name: 'Fee schedule',
      type: 'csv',
      filename: 'fee-schedule.csv',
      bytes: utf8(feeScheduleCsv()),
      versionNumber: 2,
    },
    {
      slug: 'model-portfolios',
      name: 'Model portfolio allocations (data file)',
      type: 'other',
      filename: 'model-portfolios.json',
      bytes: utf8(modelPortfoliosJson()),
      versionNumber: 1,
    },
  ];
}

const WELCOME_TRANSCRIPT = 'Welcome to Horizon Advice. In a few minutes we will help you plan an investment for your goal.';

/** The demo site's welcome video: an 8-second title card with a voice-over (demo/media/README.md). */
export function demoVideo(): DemoVideo {
  return {
    slug: 'welcome-to-horizon-advice',
    name: 'Welcome to Horizon Advice',
    description: 'A short welcome: what Horizon Advice does and how the investment journey helps you plan for your goal.',
    filename: 'horizon-welcome.webm',
    transcript: WELCOME_TRANSCRIPT,
    poster: 'horizon-welcome-poster.jpg',
    captions: 'horizon-welcome.vtt',
  };
}

/**
 * The nearest folder at or above `fromDir` that holds `demo/media`, as that
 * `demo/media` path; null when none does.
 */
export function locateDemoMediaDir(fromDir: string): string | null {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'demo', 'media');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The absolute path of the repository's `demo/media` folder. Found by walking up
 * from this module, so it is the same whether this runs from source
 * (server/demo/content.ts under vitest) or from the bundle (dist/server/main.js);
 * falls back to `demo/media` under the working directory.
 */
export const DEMO_MEDIA_DIR: string = locateDemoMediaDir(path.dirname(fileURLToPath(import.meta.url))) ?? path.resolve('demo', 'media');

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
