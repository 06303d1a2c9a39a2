/** Starts the built server for the e2e tests (test/e2e/server.ts) and hands its URL to them. */
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** What the server printed on start (`npm start`'s banner). */
    startOutput: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('startOutput', server.output());
}

export async function teardown() {
  await server?.stop();
}
