/** Starts the server: `npm start` (after the build) or `node dist/server/main.js`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAnswerEngine } from './answers/index';
import { loadTokenSecret, TokenSigner } from './auth';
import { avatarProviderFromEnv } from './avatar/index';
import { buildApp } from './app';
import { startBanner } from './banner';
import { allowedHostsFrom } from './hosts';
import { configFromEnv } from './config';
import { createMailer, describeSmtp } from './mail';
import { deletedTotal, describeDeleted, startRetention } from './retention';
import { rereadDocuments } from './reread-documents';
import { metricsIntervalFrom, startMetricsLog } from './metrics-log';
import { ensureDemoSite } from './seed';
import { describeStorage, openStorage } from './storage/open';
import { createTranscriber, TRANSCRIPTION_DISABLED_MESSAGE } from './transcribe/index';
import { formatDuration } from '../contract/duration';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = configFromEnv(process.env, path.resolve(here, '../public'));
  const storage = await openStorage(config);
  const demo = await ensureDemoSite(storage);
  const answers = createAnswerEngine(process.env, { timeoutMs: config.llmTimeoutMs, answerLimitMs: config.llmAnswerLimitMs });
  const transcriber = await createTranscriber(process.env);
  const avatar = avatarProviderFromEnv(process.env);
  const app = await buildApp({
    publicDir: config.publicDir,
    logger: config.log,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    allowedHosts: allowedHostsFrom(process.env, config.host, config.publicUrl),
    api: {
      storage,
      tokens: new TokenSigner(await loadTokenSecret(storage), config.tokenTtlMs, config.tokenMaxLifeMs),
      answers,
      transcriber,
      transcriptionDisabledMessage: TRANSCRIPTION_DISABLED_MESSAGE,
      avatar,
      publicUrl: config.publicUrl,
      mailer: createMailer(config.smtpUrl, config.mailFrom),
      limits: {
        chatPerVisitor: config.chatPerVisitor,
        chatPerSite: config.chatPerSite,
        chatPerIp: config.chatPerIp,
        bootPerIp: config.bootPerIp,
        windowMs: config.rateWindowMs,
        maxAudioBytes: config.maxAudioBytes,
        maxBodyBytes: 1024 * 1024,
        maxStreams: config.maxStreams,
      },
    },
    console: { storage, publicUrl: config.publicUrl, keyGraceMs: config.keyGraceMs, reauthAfterMs: config.reauthAfterMs },
    pageValues: {
      API_KEY: demo.apiKey,
      SMART_DOC_TOKEN: demo.smartDocToken,
      SMART_DOC_SECOND_TOKEN: demo.smartDocSecondToken,
      VIDEO_TOKEN: demo.videoToken,
      DOCUMENT_TOKENS: demo.documentTokens,
    },
  });

  const stopRetention =
    config.retentionMs === null
      ? () => undefined
      : startRetention({
          storage,
          retentionMs: config.retentionMs,
          onSweep: (deleted, cutoffMs) => {
            if (deletedTotal(deleted) > 0)
              console.log(`retention: deleted ${describeDeleted(deleted)} last touched before ${new Date(cutoffMs).toISOString()}`);
          },
          onError: (err) => console.error(`retention: the sweep failed: ${err instanceof Error ? err.message : String(err)}`),
        });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopRetention();
      void app
        .close()
        .then(() => storage.close())
        .then(() => process.exit(0));
    });
  }

  // the scale benchmark's figures (docs/benchmarks.md "Scale"), as log lines only when asked for
  const metricsMs = metricsIntervalFrom(process.env);
  if (metricsMs !== null) startMetricsLog(metricsMs);

  const base = await app.listen({ port: config.port, host: config.host });
  console.log(
    startBanner({
      base,
      apiKey: demo.apiKey,
      siteId: demo.site.id,
      answers: answers.name,
      transcription: transcriber?.name ?? null,
      avatar: avatar?.name ?? null,
      storage: describeStorage(config),
      retention: config.retentionMs === null ? null : formatDuration(config.retentionMs),
      mail: config.smtpUrl ? `${describeSmtp(config.smtpUrl)} as ${config.mailFrom}` : null,
    }),
  );
  // Documents stored before the readers they need (a PDF with no text yet) are read now, while the server answers.
  void rereadDocuments(storage, (line) => console.log(`documents: ${line}`))
    .then((n) => n > 0 && console.log(`documents: ${n} read again for the answers`))
    .catch((err: unknown) => console.error(`documents: reading them again failed: ${err instanceof Error ? err.message : String(err)}`));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
