/**
 * A throwaway PostgreSQL cluster for the tests: `initdb` on a temporary folder, a
 * `postgres` listening on 127.0.0.1 only on a free port (its Unix socket in the
 * same folder), never the system's cluster. Each test file takes an empty
 * database of its own with `createDatabase()`.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://` URL of the `postgres` database of the suite's cluster (test/support/postgres-global-setup.ts). */
    postgresAdminUrl: string;
  }
}

/** A running throwaway cluster, from {@link startPostgresCluster}. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the superuser on the maintenance database. */
  adminUrl: string;
  /** The TCP port the server listens on (127.0.0.1 only). */
  port: number;
  /**
   * Creates an empty database named `<prefix>_<random hex>` and returns its
   * `postgres://` URL. `prefix` (default `test`) is letters, digits and `_`.
   */
  createDatabase(prefix?: string): Promise<string>;
  /** Drops the database a URL from {@link PostgresCluster.createDatabase} names, ending its connections; one already gone is no error. */
  dropDatabase(url: string): Promise<void>;
  /** Stops the server at once (immediate shutdown) and removes its folder. Calling it again does nothing more. */
  stop(): Promise<void>;
}

/** Options of {@link startPostgresCluster}. */
export interface StartPostgresClusterOptions {
  /** Receives each line initdb and the server write (by default they are only kept for error messages). */
  log?: (line: string) => void;
  /**
   * Keep PostgreSQL's durability settings (fsync, synchronous_commit, full_page_writes on, as in production): for the
   * benchmark, whose numbers must mean what a deployment would see. The tests leave them off. @default false
   */
  durable?: boolean;
  /** More server settings, each passed as `-c name=value` at start (a benchmark's `shared_preload_libraries`). @default {} */
  settings?: Record<string, string>;
}

const NOT_INSTALLED = 'PostgreSQL is not installed: apt-get install postgresql (the tests start their own server on a temporary folder)';
const STARTUP_TIMEOUT_MS = 30_000;
const PORT_ATTEMPTS = 5;
const TAIL_LINES = 40;

const execFileAsync = promisify(execFile);

/**
 * The folder holding PostgreSQL's server binaries (`initdb`, `postgres`): `PG_BIN`
 * when set, otherwise the `bin` folder of the highest version under
 * `/usr/lib/postgresql/<version>/bin` (Debian's layout) that has `initdb`;
 * `null` when there is none.
 */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return null;
  }
  const found = versions
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    // numeric, not textual: 9.6 < 10 < 15
    .sort((a, b) => compareVersions(b, a));
  return found[0] === undefined ? null : path.join(root, found[0], 'bin');
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Number.isNaN(d) ? a.localeCompare(b) : d;
  }
  return 0;
}

/**
 * Starts a throwaway PostgreSQL cluster: `initdb` (trust authentication, user
 * `postgres`, UTF8, locale C) on a new temporary folder, then `postgres` on a
 * free port of 127.0.0.1 with durability off (fsync, synchronous_commit,
 * full_page_writes) and `max_connections=300`. Run as root, initdb and postgres
 * run as the `postgres` user (they refuse root). Resolves once the server
 * accepts connections; rejects, with the server's last lines, if it does not
 * within 30 s, and with an install hint if PostgreSQL is not installed.
 */
export async function startPostgresCluster(options: StartPostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (bin === null) throw new Error(NOT_INSTALLED);
  if (!existsSync(path.join(bin, 'initdb')) || !existsSync(path.join(bin, 'postgres'))) {
    throw new Error(process.env.PG_BIN ? `PG_BIN=${bin} lacks initdb or postgres` : NOT_INSTALLED);
  }
  const asRoot = process.getuid?.() === 0;
  const base = os.tmpdir();
  if (asRoot) assertSearchableByOthers(base);

  const dir = await mkdtemp(path.join(base, 'pg-test-'));
  const tail: string[] = [];
  const log = (line: string) => {
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
    options.log?.(line);
  };
  const command = (file: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args]] : [path.join(bin, file), args];

  try {
    await chmod(dir, 0o700);
    if (asRoot) await execFileAsync('chown', ['-R', 'postgres:', dir]);
    const dataDir = path.join(dir, 'data');
    await runToEnd(
      // --no-sync: the folder is thrown away, so nothing needs to reach the disk
      command('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C', '--no-sync']),
      dir,
      log,
    );

    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const started = await launch({
        command,
        dir,
        dataDir,
        port,
        log,
        tail,
        asRoot,
        durable: options.durable ?? false,
        settings: options.settings ?? {},
      });
      if (started.ok) return started.cluster;
      // the port was free when asked for, but something else took it before the server bound it
      if (started.portTaken && attempt < PORT_ATTEMPTS) continue;
      throw new Error(`${started.reason}\n--- initdb and server output (last lines) ---\n${tail.join('\n')}`);
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

type Launched = { ok: true; cluster: PostgresCluster } | { ok: false; portTaken: boolean; reason: string };

async function launch(ctx: {
  command: (file: string, args: string[]) => [string, string[]];
  dir: string;
  dataDir: string;
  port: number;
  log: (line: string) => void;
  tail: string[];
  asRoot: boolean;
  durable: boolean;
  settings: Record<string, string>;
}): Promise<Launched> {
  const { dir, dataDir, port, log, tail, asRoot } = ctx;
  const [file, args] = ctx.command('postgres', [
    '-D',
    dataDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `port=${port}`,
    '-c',
    `unix_socket_directories=${dir}`,
    // the tests crash our server processes, never the database itself
    ...(ctx.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    '-c',
    'max_connections=300',
    ...Object.entries(ctx.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  const child = spawn(file, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  forwardLines(child.stdout, log);
  forwardLines(child.stderr, log);
  let exitedNow = false;
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => {
      exitedNow = true;
      log(String(error));
      resolve(`could not run ${file}: ${error.message}`);
    });
    child.once('exit', (code, signal) => {
      exitedNow = true;
      resolve(`postgres exited (${signal ?? `code ${code}`}) before accepting connections`);
    });
  });

  // as root the child is runuser, and the postmaster its child: the postmaster's pid is in its lock file
  const postmasterPid = (): number | undefined => {
    if (!asRoot) return child.pid;
    try {
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  };
  const kill = async () => {
    if (exitedNow) return;
    const pid = postmasterPid();
    try {
      if (pid !== undefined) process.kill(pid, 'SIGQUIT');
      // no lock file yet (as root only): runuser passes SIGTERM on to postgres, and SIGKILL 2 s later
      else child.kill('SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (exitedNow) {
      const reason = await exited;
      return { ok: false, portTaken: tail.some((l) => /Address already in use|could not create any TCP\/IP sockets/.test(l)), reason };
    }
    if (await isOurs(adminUrl, dataDir)) break;
    if (Date.now() > deadline) {
      await kill();
      return {
        ok: false,
        portTaken: false,
        reason: `PostgreSQL did not accept connections on 127.0.0.1:${port} within ${STARTUP_TIMEOUT_MS / 1000} s`,
      };
    }
    await Promise.race([delay(50), exited]);
  }

  const pid = postmasterPid();
  // a test run that ends without stop() (process.exit, an uncaught error) must not leave the server running
  const onExit = () => {
    try {
      if (pid !== undefined) process.kill(pid, 'SIGQUIT');
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);

  let stopping: Promise<void> | undefined;
  const cluster: PostgresCluster = {
    adminUrl,
    port,
    createDatabase: (prefix = 'test') => createDatabaseAt(adminUrl, prefix),
    async dropDatabase(url: string) {
      const name = decodeURIComponent(new URL(url).pathname.slice(1));
      if (!name || name === 'postgres' || name.startsWith('template')) throw new Error(`not a test database: ${url}`);
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    },
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        await kill();
        await rm(dir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
  return { ok: true, cluster };
}

/**
 * Makes a new empty database on the cluster whose admin URL is `adminUrl` (what a test file does with
 * `inject('postgresAdminUrl')`); returns its URL.
 */
export async function createDatabaseAt(adminUrl: string, prefix = 'test'): Promise<string> {
  if (!/^[A-Za-z0-9_]{1,40}$/.test(prefix)) throw new Error(`database prefix must be 1-40 letters, digits or _: ${JSON.stringify(prefix)}`);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether the server on the URL accepts connections and is ours (not another one that got the port first). */
async function isOurs(adminUrl: string, dataDir: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string }>(`SELECT current_setting('data_directory') AS dir`);
    return rows[0]?.dir === dataDir;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });
}

function forwardLines(stream: NodeJS.ReadableStream, log: (line: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) log(line);
  });
  stream.on('end', () => {
    if (rest) log(rest);
    rest = '';
  });
}

function runToEnd([file, args]: [string, string[]], cwd: string, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    const collect = (line: string) => {
      output.push(line);
      log(line);
    };
    forwardLines(child.stdout, collect);
    forwardLines(child.stderr, collect);
    child.once('error', (error) => reject(new Error(`could not run ${file}: ${error.message}`)));
    // 'close', not 'exit': the output is complete only once the pipes are
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${[file, ...args].join(' ')} failed (${signal ?? `code ${code}`}):\n${output.join('\n')}`));
    });
  });
}

// the server runs as the postgres user, which must be able to reach the folder through its parents
function assertSearchableByOthers(folder: string): void {
  for (let p = path.resolve(folder); ; p = path.dirname(p)) {
    if ((statSync(p).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the postgres user, which cannot reach ${folder} (${p} is not searchable by others): set TMPDIR to a folder such as /tmp`,
      );
    }
    if (path.dirname(p) === p) return;
  }
}
