/**
 * The test controls shared by the DVLA and DVSA doubles (like the Stripe double's /_control/): make every answer
 * slow, make it fail with a status, or answer 429 for the next few calls; and count the calls that came in.
 *
 *   POST /_control/behaviour {"delayMs": 3000, "failWith": 503, "tooManyRequests": 1, "retryAfterSeconds": 1}
 *   POST /_control/reset     back to prompt, working answers and zero counts
 *   GET  /_control/counts    {"tokenRequests": n, "vehicleRequests": n}
 */
import express, { type Router } from 'express';
import { z } from 'zod';

const ZBehaviourSchema = z.object({
  delayMs: z.number().int().min(0).max(60_000).optional(),
  failWith: z.number().int().min(400).max(599).nullable().optional(),
  tooManyRequests: z.number().int().min(0).max(1000).optional(),
  retryAfterSeconds: z.number().int().min(0).max(3600).nullable().optional(),
});

export interface DoubleBehaviour {
  delayMs: number;
  failWith: number | null;
  /** How many of the next vehicle calls answer 429. */
  tooManyRequests: number;
  /** The Retry-After of those 429s (null: none sent). */
  retryAfterSeconds: number | null;
}

export interface DoubleControl {
  behaviour: DoubleBehaviour;
  counts: { tokenRequests: number; vehicleRequests: number };
  router: Router;
  /**
   * Applies the behaviour to a vehicle call: waits the delay, then answers a 429 or a failure itself (true), or
   * leaves the answer to the caller (false).
   */
  interfere(res: express.Response, errorBody: (status: number) => unknown): Promise<boolean>;
}

const prompt = (): DoubleBehaviour => ({ delayMs: 0, failWith: null, tooManyRequests: 0, retryAfterSeconds: null });

export function createDoubleControl(): DoubleControl {
  const control: DoubleControl = {
    behaviour: prompt(),
    counts: { tokenRequests: 0, vehicleRequests: 0 },
    router: express.Router(),
    async interfere(res, errorBody) {
      const { delayMs } = control.behaviour;
      if (delayMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          res.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        if (res.destroyed || res.writableEnded) return true;
      }
      if (control.behaviour.tooManyRequests > 0) {
        control.behaviour.tooManyRequests -= 1;
        if (control.behaviour.retryAfterSeconds !== null)
          res.setHeader('retry-after', String(control.behaviour.retryAfterSeconds));
        res.status(429).json(errorBody(429));
        return true;
      }
      if (control.behaviour.failWith !== null) {
        res.status(control.behaviour.failWith).json(errorBody(control.behaviour.failWith));
        return true;
      }
      return false;
    },
  };
  control.router.use(express.json());
  control.router.post('/_control/behaviour', (req, res) => {
    const parsed = ZBehaviourSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.status(400).json({ error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      return;
    }
    const next = parsed.data;
    control.behaviour = {
      delayMs: next.delayMs ?? control.behaviour.delayMs,
      failWith: next.failWith === undefined ? control.behaviour.failWith : next.failWith,
      tooManyRequests: next.tooManyRequests ?? control.behaviour.tooManyRequests,
      retryAfterSeconds:
        next.retryAfterSeconds === undefined ? control.behaviour.retryAfterSeconds : next.retryAfterSeconds,
    };
    res.json(control.behaviour);
  });
  control.router.post('/_control/reset', (_req, res) => {
    control.behaviour = prompt();
    control.counts.tokenRequests = 0;
    control.counts.vehicleRequests = 0;
    res.json(control.behaviour);
  });
  control.router.get('/_control/counts', (_req, res) => {
    res.json(control.counts);
  });
  return control;
}

/** Listens on a port (0 picks a free one) and resolves with the URL and a close that ends open connections too. */
export async function listenDouble(
  app: express.Express,
  port: number,
  host: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
