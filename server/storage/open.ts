/** Opens the storage the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR. */
import path from 'node:path';
import type { ServerConfig } from '../config';
import { openSqliteStorage } from './sqlite';
import type { Storage } from './types';

/** Where the storage is, in words for the start banner and the admin CLI (a URL's password left out). */
export function describeStorage(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `SQLite ${path.join(config.dataDir, 'horizon.db')}`;
  const url = new URL(config.databaseUrl);
  url.password = '';
  return `PostgreSQL ${url.host}${url.pathname}`;
}

/** The storage of `config`, created and migrated as needed. */
export async function openStorage(config: Pick<ServerConfig, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>): Promise<Storage> {
  if (!config.databaseUrl) return openSqliteStorage(path.join(config.dataDir, 'horizon.db'));
  // loaded only when asked for: a SQLite server never loads the driver
  const { openPostgresStorage } = await import('./postgres');
  return openPostgresStorage(config.databaseUrl, { poolSize: config.databasePoolSize });
}
