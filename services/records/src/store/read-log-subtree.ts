import type { Queryable } from '@sh/shared/server';
import type { ReadSubtree } from '@sh/shared/transparency-log';

/**
 * A ReadSubtree over the stored log: a single leaf from log_leaves, a larger perfect subtree from log_subtrees. Only
 * complete subtrees are ever asked for, so a missing row means the caller asked past the log (an error, not a hash).
 */
export function storedSubtreeReader(db: Queryable): ReadSubtree {
  return async (start, end) => {
    const { rows } =
      end - start === 1
        ? await db.query<{ hash: Buffer }>('SELECT leaf_hash AS hash FROM log_leaves WHERE leaf_index = $1', [start])
        : await db.query<{ hash: Buffer }>('SELECT hash FROM log_subtrees WHERE start_index = $1 AND end_index = $2', [
            start,
            end,
          ]);
    const row = rows[0];
    if (!row) throw new Error(`the log holds no subtree [${start}, ${end})`);
    return new Uint8Array(row.hash);
  };
}
