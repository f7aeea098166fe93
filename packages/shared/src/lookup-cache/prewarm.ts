import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { serialiseLookupAnswer } from './answer.js';
import { lookupAnswersNamespace, prewarmedKeyOf, sharedAnswerKeyOf, versionKeyOf } from './keys.js';
import { publishSharedAnswer } from './published-answers.js';
import type { LookupHistories } from './records-answers.js';
import type { AnswerEncoding } from './stored-answer.js';

/**
 * Publishes the answer of every registration with a public record that has none published yet, a batch at a time,
 * and answers how many it published. A lookup or a write meanwhile is never held up or shown an older answer.
 */
export async function publishEveryAnswer(options: {
  histories: Pick<LookupHistories, 'registrationsAfter' | 'ofEach'>;
  redis: Redis;
  prefix: string;
  batchSize?: number;
  stopped?: () => boolean;
  /** How the answers are stored (stored-answer.ts); `br` unless told. */
  encoding?: AnswerEncoding;
}): Promise<number> {
  const { histories, redis, batchSize = 500, stopped = () => false, encoding = 'br' } = options;
  const namespace = lookupAnswersNamespace(options.prefix);
  let published = 0;
  let after = '';
  while (!stopped()) {
    const registrations = await histories.registrationsAfter(after, batchSize);
    if (registrations.length === 0) break;
    after = registrations[registrations.length - 1]!;
    // The versions are read before the rows, as for one lookup; registrations already published are left alone.
    const read = redis.pipeline();
    for (const registration of registrations)
      read.get(versionKeyOf(namespace, registration)).exists(sharedAnswerKeyOf(namespace, registration));
    const results = (await read.exec()) ?? [];
    const wanted = new Map<string, string>();
    registrations.forEach((registration, i) => {
      const [versionError, version] = results[2 * i] ?? [new Error('no reply')];
      const [existsError, exists] = results[2 * i + 1] ?? [new Error('no reply')];
      if (versionError || existsError) throw versionError ?? existsError;
      if (exists === 0) wanted.set(registration, (version as string | null) ?? '');
    });
    if (wanted.size === 0) continue;
    const each = await histories.ofEach([...wanted.keys()]);
    // A vehicle whose last record was withdrawn since the walk has none left to publish.
    const outcomes = await Promise.all(
      [...each].map(([registration, history]) =>
        publishSharedAnswer(
          redis,
          namespace,
          registration,
          wanted.get(registration)!,
          serialiseLookupAnswer(history),
          encoding,
        ),
      ),
    );
    published += outcomes.filter(Boolean).length;
  }
  if (!stopped()) await redis.set(prewarmedKeyOf(options.prefix), new Date().toISOString());
  return published;
}

/**
 * Runs publishAll (publishEveryAnswer) at once and then every `everyMs` (a minute after a pass that failed), until
 * stopped: the published answers, which live a day, are kept for every vehicle.
 */
export function keepEveryAnswerPublished(
  publishAll: (options: { stopped: () => boolean }) => Promise<number>,
  logger: Logger,
  { everyMs = 12 * 3600_000, retryMs = 60_000 } = {},
) {
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const looping = (async () => {
    while (!stopped) {
      const started = Date.now();
      let wait = everyMs;
      try {
        const published = await publishAll({ stopped: () => stopped });
        if (!stopped)
          logger.info({ published, ms: Date.now() - started }, "every vehicle's lookup answer is published");
      } catch (error) {
        logger.warn({ err: error }, 'publishing every lookup answer failed; trying again in a minute');
        wait = retryMs;
      }
      if (!stopped) await pause(wait);
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await looping;
    },
  };
}
