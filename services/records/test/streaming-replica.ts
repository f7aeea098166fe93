/**
 * A Postgres primary and a streaming standby of it, of a test's own: the machine's server (127.0.0.1:5432) has no
 * replication entry in its pg_hba.conf, so a test of the read replica (read-replica.test.ts) makes both with
 * PostgreSQL 15's binaries in a temporary directory, on free ports of 127.0.0.1, and removes them when it ends, however
 * it ends (its afterAll, or the process's exit). Postgres refuses to run as root: as root, every command runs as the
 * `postgres` user, which owns the directory.
 */
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where Debian puts PostgreSQL 15's server binaries; POSTGRES_BIN names another place. */
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface StreamingReplica {
  /** A URL of `database` on the primary, as its superuser `postgres`. */
  primaryUrl(database: string): string;
  /** A URL of `database` on the standby: as `postgres`, or with no user at all (`withoutUser`). */
  standbyUrl(database: string, options?: { withoutUser?: boolean }): string;
  /** Stops both servers at once and removes their directory. */
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Runs one of the binaries (as `postgres` when this process is root) in `cwd`; rejects with what it printed. */
function run(binary: string, args: string[], cwd: string): Promise<string> {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, binary), ...args]]
    : [path.join(BIN, binary), args];
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${binary} ${args.join(' ')} failed: ${stderr || error.message}`, { cause: error }));
      else resolve(stdout);
    });
  });
}

/** A port of 127.0.0.1 nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The postmaster's process id of a data directory that runs one (its postmaster.pid's first line). */
function postmasterOf(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Makes a primary (initdb: wal_level=replica, replication from 127.0.0.1 trusted) and a standby streaming from it
 * (pg_basebackup -R), starts both and resolves once both accept connections: about two seconds.
 */
export async function startStreamingReplica(): Promise<StreamingReplica> {
  if (!existsSync(path.join(BIN, 'initdb')))
    throw new Error(
      `no initdb in ${BIN}: install PostgreSQL 15's server (postgresql-15), or name its bin/ in POSTGRES_BIN`,
    );
  const root = mkdtempSync(path.join(tmpdir(), 'wrenchmark-replica-'));
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim()));
    chownSync(root, uid!, gid!);
  }
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  let stopped = false;
  // Immediate shutdown (SIGQUIT to each postmaster), synchronously: it also runs from the process's exit.
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    for (const dataDir of [standbyDir, primaryDir]) {
      const pid = postmasterOf(dataDir);
      if (pid === null) continue;
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // Not running any more.
      }
    }
  };
  const removeNow = () => {
    stopNow();
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', removeNow);
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const urlOf = (port: number, database: string, user = 'postgres@') =>
    `postgres://${user}127.0.0.1:${port}/${database}`;
  try {
    await run(
      'initdb',
      ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-locale', '-E', 'UTF8'],
      root,
    );
    appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        `port = ${primaryPort}`,
        "unix_socket_directories = ''",
        'wal_level = replica',
        'max_wal_senders = 4',
        'max_connections = 60',
        'shared_buffers = 16MB',
        // A test's data, thrown away at its end: no fsync (commits still wait for the WAL's flush, as in production).
        'fsync = off',
        '',
      ].join('\n'),
    );
    appendFileSync(path.join(primaryDir, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
    await run('pg_ctl', ['-D', primaryDir, '-l', path.join(root, 'primary.log'), '-w', '-t', '30', 'start'], root);
    // -R: standby.signal and primary_conninfo, so the copy starts as a standby streaming from the primary.
    await run(
      'pg_basebackup',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        standbyDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
      ],
      root,
    );
    appendFileSync(path.join(standbyDir, 'postgresql.conf'), `port = ${standbyPort}\n`);
    await run('pg_ctl', ['-D', standbyDir, '-l', path.join(root, 'standby.log'), '-w', '-t', '30', 'start'], root);
  } catch (error) {
    removeNow();
    process.removeListener('exit', removeNow);
    throw error;
  }
  return {
    primaryUrl: (database) => urlOf(primaryPort, database),
    standbyUrl: (database, { withoutUser = false } = {}) => urlOf(standbyPort, database, withoutUser ? '' : undefined),
    async stop() {
      process.removeListener('exit', removeNow);
      if (!stopped) {
        stopped = true;
        await Promise.all(
          [standbyDir, primaryDir].map((dataDir) =>
            run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], root).catch(() => undefined),
          ),
        );
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
