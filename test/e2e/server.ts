/**
 * Starts the built server (dist/server/main.js, as `npm start` runs it) on a free
 * loopback port with a temporary data folder; `env` adds to the environment (an
 * engine's endpoint, for instance). `stop()` ends it and removes the folder.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  /** Its data folder (DATA_DIR). */
  dataDir: string;
  /** Its output so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL, as a crash or a pulled plug would): no request is finished, nothing is closed. */
  kill(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'journey-e2e-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    // every visitor of the suite comes from 127.0.0.1 to the one demo site, two files at a time: the per-address and
    // per-site limits are raised out of the way (a file that tests a limit sets its own)
    env: {
      ...process.env,
      RATE_LIMIT_BOOT_IP: '100000',
      RATE_LIMIT_CHAT_IP: '100000',
      RATE_LIMIT_CHAT_SITE: '100000',
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // the whole start banner (server/banner.ts) has arrived: its first URL is the server's
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (m && out.includes('Stop with Ctrl+C.')) resolve(m[0]);
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  return {
    url,
    dataDir,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
