/** Launches Debian's Chromium headless with fixed flags (no sandbox, no GPU, no background networking) and a fresh profile. */
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** `extraArgs` adds flags, e.g. Chromium's fake microphone (`--use-file-for-fake-audio-capture` is per launch). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      ...extraArgs,
    ],
  });
}
