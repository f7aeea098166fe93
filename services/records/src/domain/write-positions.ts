import type { WritePosition } from '@sh/shared/lookup-cache';
import type { Queryable } from '@sh/shared/server';
import { readWritePosition } from '../store/read-write-position.js';

/**
 * The primary's write position for the lookup cache's bumps (createLookupAnswers' `writePosition`), asked for once a
 * write has committed. The bumps asked for in one tick (a garage's or an import's vehicles, 500 at a time) share one
 * read: it starts after each of them asked, so after each of their commits, and its position is at or past each.
 */
export function writePositionReader(db: Queryable): () => Promise<WritePosition> {
  let next: Promise<WritePosition> | undefined;
  return () =>
    (next ??= Promise.resolve().then(() => {
      next = undefined;
      return readWritePosition(db);
    }));
}
