/**
 * vitest globalSetup: starts one throwaway PostgreSQL cluster for the run
 * (test/support/postgres-cluster.ts) and hands its admin URL to the tests as
 * `inject('postgresAdminUrl')`; each test file makes its own database on it.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

/** Starts the cluster and provides `postgresAdminUrl`; the function it returns stops the cluster. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
