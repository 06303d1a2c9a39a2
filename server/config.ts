/** The server's configuration, from environment variables (documented in README.md). */
import path from 'node:path';

export interface ServerConfig {
  /** @default 8787 */
  port: number;
  /** Loopback by default: the server is reachable from this machine only unless HOST says otherwise. @default '127.0.0.1' */
  host: string;
  /** Where the database and secrets live. @default './data' */
  dataDir: string;
  /** The built browser files (dist/public). */
  publicDir: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv, publicDir: string): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    publicDir,
  };
}
