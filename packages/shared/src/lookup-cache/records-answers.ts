import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { NO_HISTORY_ETAG, serialiseLookupAnswer, type LookupAnswer } from './answer.js';
import { lookupAnswersNamespace } from './keys.js';
import { createPublishedAnswers, type WritePosition } from './published-answers.js';
import type { AnswerEncoding } from './stored-answer.js';

/**
 * How the records service reads vehicles' public histories for the lookup cache: one vehicle's (a lookup), and all of
 * them a batch at a time (prewarm.ts). A history is the list of public records a lookup shows, newest first.
 */
export interface LookupHistories {
  /**
   * One registration's public history (empty when it has none), showing at least every write up to `written` (the
   * position its version carries: README.md beside this file, "Read replicas"; null when none is known): records reads
   * it from a read replica only when the replica has replayed that far, and from the primary otherwise.
   */
  of(registration: string, written: WritePosition | null): Promise<unknown[]>;
  /** Up to `limit` registrations with a public record, in order, after `after` ('' for the first): a walk of them all. */
  registrationsAfter(after: string, limit: number): Promise<string[]>;
  /** The histories of many registrations at once, each the same as `of` gives; those without one are absent. */
  ofEach(registrations: readonly string[]): Promise<Map<string, unknown[]>>;
}

/**
 * The public lookup's answers as the records service builds them: each lookup reads its registration's version in
 * Redis, with the answer published for it (one MGET), then its history, and publishes the answer under that version
 * unless the very same answer is published already (published-answers.ts), so the gateway sends it to the next
 * visitor without asking records. Logging, amending or withdrawing a record bumps the
 * version and deletes the published answer before the write's answer goes out, so the next lookup, through the
 * gateway or any records instance, shows it. A garage's new name or address reaches records by an event, whose handler
 * bumps the versions of the garage's vehicles (records' events/handlers.ts). Records keeps no answer itself: it is
 * asked only when none is published, when a copy of its own would be missing or stale too (bench:lookup measured no
 * difference with one, bench/README.md); an empty history, never published, is read afresh each time, within the
 * client's lookup budget. Without Redis (or while it does not answer) nothing is published and every lookup reads
 * afresh, from the primary. Each bump carries where the write ended in the database (`writePosition`, read once the
 * write has committed), so that a lookup reads a read replica only when it shows every write its answer must.
 */
export interface LookupAnswers {
  answer(registration: string): Promise<LookupAnswer>;
  /** Marks the registration's answer stale everywhere; awaited before a write's response is sent. */
  invalidate(registration: string): Promise<void>;
}

export function createLookupAnswers(options: {
  histories: Pick<LookupHistories, 'of'>;
  redis?: Redis;
  prefix: string;
  logger: Logger;
  /**
   * Where the database's log of writes ends now, called once a write has committed (records: its primary's flushed
   * WAL position); absent or failing, a bump carries none, and its registration is read from the primary.
   */
  writePosition?: () => Promise<WritePosition>;
  /** How published answers are stored (stored-answer.ts); `br` unless told. */
  encoding?: AnswerEncoding;
}): LookupAnswers {
  const { histories, redis, writePosition, logger, encoding } = options;
  const published =
    redis && createPublishedAnswers({ redis, namespace: lookupAnswersNamespace(options.prefix), logger, encoding });
  return {
    async answer(registration) {
      const read = published ? await published.readVersion(registration) : null;
      const answer = serialiseLookupAnswer(await histories.of(registration, read?.written ?? null));
      // Not published again when the same answer is: compressing it is most of a publication's cost (stored-answer.ts).
      if (published && read !== null && answer.etag !== NO_HISTORY_ETAG && answer.etag !== read.publishedEtag)
        published.publish(registration, read.version, answer);
      return answer;
    },
    invalidate: async (registration) => {
      if (!published) return;
      const position = await writePosition?.().catch((error: unknown) => {
        logger.warn({ err: error }, "a write's position could not be read; its vehicle is read from the primary");
        return null;
      });
      await published.invalidate(registration, position ?? null);
    },
  };
}
