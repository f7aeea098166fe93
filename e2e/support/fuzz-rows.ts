/**
 * Counts the rows of every table of every service's e2e database (sh_<service>_e2e_test, public schema, the
 * event outbox and inbox included), and takes a checksum of each table's whole content, so that the fuzz test can
 * show that no bad request wrote anything: no row added or removed, and none changed (a password, an e-mail, a
 * suspension, a record's amendment).
 */
import pg from 'pg';
import { databaseUrl } from '@sh/shared/launcher';

export type RowCounts = Map<string, number>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What of a row the content checksum reads: the whole row, but for the outbox, whose rows the relay and the outbox
 * reconciler keep writing as they deliver (published, delivered to whom, secret fields dropped once delivered), so
 * only which events exist counts there (a request that wrote an event adds a row, which the counts see).
 */
const checksummedRow = (table: string) => (table === 'event_outbox' ? '(t.id, t.name)::text' : 't::text');

export class RowCounter {
  private constructor(private readonly clients: { database: string; client: pg.Client }[]) {}

  /** Connects to every sh_*_e2e_test database on the server of `postgresUrl`. */
  static async open(postgresUrl: string): Promise<RowCounter> {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    let databases: string[];
    try {
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'sh\\_%\\_e2e\\_test' ORDER BY datname",
      );
      databases = rows.map((r) => r.datname);
    } finally {
      await admin.end();
    }
    const clients: { database: string; client: pg.Client }[] = [];
    for (const database of databases) {
      const client = new pg.Client({ connectionString: databaseUrl(postgresUrl, database) });
      await client.connect();
      clients.push({ database, client });
    }
    return new RowCounter(clients);
  }

  get databases(): string[] {
    return this.clients.map((c) => c.database);
  }

  /** `database.table` -> row count, for every base table of the public schema of every database. */
  async counts(): Promise<RowCounts> {
    const counts: RowCounts = new Map();
    for (const { database, client } of this.clients) {
      const { rows: tables } = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      );
      if (tables.length === 0) continue;
      const sql = tables
        .map((t, i) => `SELECT $${i + 1}::text AS name, count(*)::bigint AS n FROM public.${quoteIdent(t.table_name)}`)
        .join(' UNION ALL ');
      const { rows } = await client.query<{ name: string; n: string }>(
        sql,
        tables.map((t) => t.table_name),
      );
      for (const row of rows) counts.set(`${database}.${row.name}`, Number(row.n));
    }
    return counts;
  }

  /**
   * `database.table` -> an MD5 of the table's content (each row's text form, hashed, in order of the hashes), for
   * every base table of the public schema of every database.
   */
  async checksums(): Promise<Map<string, string>> {
    const sums = new Map<string, string>();
    for (const { database, client } of this.clients) {
      const { rows: tables } = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      );
      if (tables.length === 0) continue;
      const sql = tables
        .map((t, i) => {
          const row = checksummedRow(t.table_name);
          return `SELECT $${i + 1}::text AS name, md5(coalesce(string_agg(md5(${row}), '' ORDER BY md5(${row})), '')) AS sum FROM public.${quoteIdent(t.table_name)} t`;
        })
        .join(' UNION ALL ');
      const { rows } = await client.query<{ name: string; sum: string }>(
        sql,
        tables.map((t) => t.table_name),
      );
      for (const row of rows) sums.set(`${database}.${row.name}`, row.sum);
    }
    return sums;
  }

  /** Events written but not yet handed to the queues (their consumers may still add rows). */
  async unpublishedEvents(): Promise<number> {
    let total = 0;
    for (const { client } of this.clients) {
      const { rows } = await client.query<{ n: string }>(
        "SELECT CASE WHEN to_regclass('public.event_outbox') IS NULL THEN 0 ELSE (SELECT count(*) FROM event_outbox WHERE published_at IS NULL) END AS n",
      );
      total += Number(rows[0]?.n ?? 0);
    }
    return total;
  }

  /**
   * The counts once the platform is quiet: nothing left in any outbox and the same counts three times over a
   * second, so that an event still on its way to a consumer is counted on the side it belongs to.
   */
  async settledCounts(timeoutMs = 30_000): Promise<RowCounts> {
    const deadline = Date.now() + timeoutMs;
    let previous = await this.counts();
    let stableReads = 0;
    while (Date.now() < deadline) {
      await sleep(500);
      const current = await this.counts();
      const isQuiet = (await this.unpublishedEvents()) === 0 && sameCounts(previous, current);
      stableReads = isQuiet ? stableReads + 1 : 0;
      previous = current;
      if (stableReads >= 2) return current;
    }
    throw new Error(`The databases did not settle within ${timeoutMs / 1000} s`);
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map(({ client }) => client.end().catch(() => undefined)));
  }
}

export function sameCounts(a: RowCounts, b: RowCounts): boolean {
  return changedTables(a, b).length === 0;
}

/** Every table whose count differs, as 'sh_identity_e2e_test.users: 20 -> 21'. */
export function changedTables(before: RowCounts, after: RowCounts): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => `${name}: ${before.get(name) ?? 'absent'} -> ${after.get(name) ?? 'absent'}`);
}

/** The rows added (or removed) in all, over every table. */
export function rowsWritten(before: RowCounts, after: RowCounts): number {
  const names = new Set([...before.keys(), ...after.keys()]);
  let total = 0;
  for (const name of names) total += Math.abs((after.get(name) ?? 0) - (before.get(name) ?? 0));
  return total;
}

/** Every table whose content differs (its checksum), as 'sh_identity_e2e_test.users'. */
export function changedContent(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
