import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeForm } from './form.js';
import { readBody, sendJson } from './http.js';
import { StripeApiError } from './objects.js';
import { ADVANCE_TARGETS, type AdvanceTarget, type StripeState } from './state.js';
import type { WebhookSender } from './webhooks.js';

async function readControlBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new StripeApiError(400, 'invalid_request_error', 'The body is not valid JSON.');
    }
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  }
  return decodeForm(text);
}

function badRequest(res: ServerResponse, param: string, message: string): void {
  sendJson(res, 400, { error: { type: 'invalid_request_error', message, param } });
}

/**
 * The double's control API (not Stripe's), for tests and demos:
 * POST /_control/subscriptions/{sub_id}/advance {to}; GET /_control/events; POST /_control/events/{evt_id}/resend;
 * POST /_control/webhooks/hold; POST /_control/webhooks/release {order}; GET /_control/webhooks.
 * Answers false when the path is none of them.
 */
export function createControlApi(state: StripeState, webhooks: WebhookSender) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    const method = req.method ?? 'GET';
    let match: RegExpExecArray | null;
    if ((match = /^\/_control\/subscriptions\/(sub_[A-Za-z0-9_]+)\/advance$/.exec(path)) && method === 'POST') {
      const { to } = await readControlBody(req);
      if (typeof to !== 'string' || !ADVANCE_TARGETS.includes(to as AdvanceTarget)) {
        badRequest(res, 'to', `to must be one of ${ADVANCE_TARGETS.join(', ')}`);
        return true;
      }
      const before = state.events().length;
      const subscription = state.advanceSubscription(match[1]!, to as AdvanceTarget);
      const events = state
        .events()
        .slice(before)
        .map((e) => ({ id: e.id, type: e.type }));
      sendJson(res, 200, { data: { subscription, events } });
      return true;
    }
    if (path === '/_control/events' && method === 'GET') {
      const data = state.events().map((event) => ({
        id: event.id,
        type: event.type,
        created: event.created,
        object_id: (event.data.object as { id?: string }).id ?? null,
        deliveries: webhooks.attemptsOf(event.id),
      }));
      sendJson(res, 200, { data });
      return true;
    }
    if ((match = /^\/_control\/events\/(evt_[A-Za-z0-9]+)\/resend$/.exec(path)) && method === 'POST') {
      const event = state.event(match[1]!);
      const attempt = await webhooks.resend(event);
      sendJson(res, 200, {
        data: { id: event.id, type: event.type, status: attempt.status, error: attempt.error ?? null },
      });
      return true;
    }
    if (path === '/_control/webhooks/hold' && method === 'POST') {
      webhooks.hold();
      sendJson(res, 200, { data: { holding: true } });
      return true;
    }
    if (path === '/_control/webhooks/release' && method === 'POST') {
      const { order = 'oldest-first' } = await readControlBody(req);
      if (order !== 'oldest-first' && order !== 'newest-first') {
        badRequest(res, 'order', 'order must be oldest-first or newest-first');
        return true;
      }
      sendJson(res, 200, { data: { delivered: await webhooks.release(order) } });
      return true;
    }
    if (path === '/_control/webhooks' && method === 'GET') {
      const held = webhooks.heldEvents().map((e) => ({ id: e.id, type: e.type }));
      sendJson(res, 200, { data: { url: webhooks.currentUrl(), holding: webhooks.isHeld(), held } });
      return true;
    }
    return false;
  };
}
