import type { Queryable } from './db.js';

/**
 * A row a consumer keeps of another service's state, stored unless the table already holds a newer state of it:
 * events applied out of order (a retry after a later event) end in the newest state.
 */
export interface NewestRow {
  table: string;
  /** The column a row is known by (its primary key). */
  key: string;
  /** The column that orders the states (a time in unix milliseconds, say); an equal one is stored again. */
  version: string;
  /** Columns that keep their first value (a subscription never moves to another garage). */
  fixed?: readonly string[];
  /** Column name to value; names are ours, never a user's. */
  values: Record<string, unknown>;
}

/** Stores `row` unless a newer state of it is held; answers whether it was stored. */
export async function upsertNewest(db: Queryable, row: NewestRow): Promise<boolean> {
  const columns = Object.keys(row.values);
  const kept = new Set([row.key, ...(row.fixed ?? [])]);
  const updates = columns.filter((column) => !kept.has(column)).map((column) => `${column} = EXCLUDED.${column}`);
  const result = await db.query(
    `INSERT INTO ${row.table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (${row.key}) DO UPDATE SET ${[...updates, 'updated_at = now()'].join(', ')}
     WHERE ${row.table}.${row.version} <= EXCLUDED.${row.version}`,
    Object.values(row.values),
  );
  return result.rowCount === 1;
}
