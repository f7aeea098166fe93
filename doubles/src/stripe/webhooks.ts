import Stripe from 'stripe';
import type { EventObject } from './objects.js';

/** One attempt to deliver an event: the endpoint's HTTP status, or the network error. */
export interface DeliveryAttempt {
  at: number;
  status: number | null;
  error?: string;
}

export type ReleaseOrder = 'oldest-first' | 'newest-first';

export interface WebhookSenderOptions {
  url: string | null;
  secret: string;
  /** Attempts per event before giving up (Stripe retries for days; the double a few times). */
  maxAttempts?: number;
  retryDelayMs?: number;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/** The Stripe-Signature header of a payload, exactly as Stripe signs it (t=..,v1=HMAC-SHA256 of `${t}.${payload}`). */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/**
 * Delivers events to the webhook endpoint one at a time, in the order they happened, signed like Stripe.
 * It can hold them and release them later in a chosen order, and re-deliver one on request.
 */
export class WebhookSender {
  private url: string | null;
  private readonly secret: string;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  private readonly log: NonNullable<WebhookSenderOptions['log']>;
  private readonly attempts = new Map<string, DeliveryAttempt[]>();
  private queue: Promise<void> = Promise.resolve();
  private isHolding = false;
  private held: EventObject[] = [];
  private isClosed = false;

  constructor(options: WebhookSenderOptions) {
    this.url = options.url;
    this.secret = options.secret;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.retryDelayMs = options.retryDelayMs ?? 500;
    this.log = options.log ?? (() => undefined);
  }

  setUrl(url: string | null): void {
    this.url = url;
  }

  currentUrl(): string | null {
    return this.url;
  }

  isHeld(): boolean {
    return this.isHolding;
  }

  /** Sends an event now (after those already queued), or keeps it while holding. */
  enqueue(event: EventObject): void {
    if (this.isHolding) {
      this.held.push(event);
      return;
    }
    this.queue = this.queue.then(() => this.deliverWithRetries(event));
  }

  /** Resolves once every queued event has been delivered or given up on. */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  hold(): void {
    this.isHolding = true;
  }

  /** Delivers the held events in the order asked for, one after another, and stops holding. */
  async release(
    order: ReleaseOrder = 'oldest-first',
  ): Promise<Array<{ id: string; type: string; status: number | null }>> {
    this.isHolding = false;
    const events = order === 'newest-first' ? [...this.held].reverse() : [...this.held];
    this.held = [];
    await this.settled();
    const results: Array<{ id: string; type: string; status: number | null }> = [];
    for (const event of events) {
      const attempt = await this.deliverOnce(event);
      results.push({ id: event.id, type: event.type, status: attempt.status });
    }
    return results;
  }

  heldEvents(): EventObject[] {
    return [...this.held];
  }

  /** Delivers one event once more, now (a duplicate delivery, as Stripe sometimes makes). */
  resend(event: EventObject): Promise<DeliveryAttempt> {
    return this.deliverOnce(event);
  }

  attemptsOf(eventId: string): DeliveryAttempt[] {
    return [...(this.attempts.get(eventId) ?? [])];
  }

  close(): void {
    this.isClosed = true;
  }

  private async deliverWithRetries(event: EventObject): Promise<void> {
    for (let attempt = 1; attempt <= this.maxAttempts && !this.isClosed; attempt += 1) {
      const result = await this.deliverOnce(event);
      if (result.status === null && !this.url) return;
      if (result.status !== null && result.status >= 200 && result.status < 300) return;
      if (attempt < this.maxAttempts)
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** (attempt - 1)));
    }
  }

  private async deliverOnce(event: EventObject): Promise<DeliveryAttempt> {
    const url = this.url;
    if (!url || this.isClosed) return { at: Date.now(), status: null, error: 'no webhook endpoint' };
    const payload = JSON.stringify(event, null, 2);
    let attempt: DeliveryAttempt;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signPayload(payload, this.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      attempt = { at: Date.now(), status: response.status };
    } catch (error) {
      attempt = { at: Date.now(), status: null, error: (error as Error).message };
    }
    const list = this.attempts.get(event.id) ?? [];
    list.push(attempt);
    this.attempts.set(event.id, list);
    this.log('webhook delivered', {
      eventId: event.id,
      type: event.type,
      status: attempt.status,
      error: attempt.error,
    });
    return attempt;
  }
}
