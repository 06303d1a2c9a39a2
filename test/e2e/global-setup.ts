/**
 * Starts the built server (dist/server/main.js, as `npm start` runs it) on a free
 * loopback port with a temporary data folder, and hands its URL to the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = await mkdtemp(path.join(tmpdir(), 'journey-e2e-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (m) resolve(m[0]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
  });
  project.provide('baseUrl', url);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
