/** Starts the server: `npm start` (after the build) or `node dist/server/main.js`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { configFromEnv } from './config';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = configFromEnv(process.env, path.resolve(here, '../public'));
const app = await buildApp(config);

try {
  const address = await app.listen({ port: config.port, host: config.host });
  const base = address;
  console.log(`\nHorizon Advice is running.\n  Journey (with the embedded widget host page): ${base}/\n  Embeds: ${base}/smart-doc  ${base}/smart-doc-multiple  ${base}/video-embed\n  Stop with Ctrl+C.\n`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
