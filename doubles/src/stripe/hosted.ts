import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkTestCard, type CardInput } from './cards.js';
import { decodeForm, stringParam } from './form.js';
import { readBody, redirect, sendHtml } from './http.js';
import type { CustomerObject, PaymentMethodObject } from './objects.js';
import {
  checkoutClosedPage,
  checkoutPage,
  dashboardPage,
  notFoundPage,
  portalCardPage,
  portalPage,
  type CheckoutPageModel,
} from './pages.js';
import { ADVANCE_TARGETS, type AdvanceTarget, type StripeState } from './state.js';
import type { WebhookSender } from './webhooks.js';

/** What the portal says after a change (post, redirect, get). */
const PORTAL_NOTICES = new Map([
  ['cancel', 'Your subscription will be cancelled at the end of the billing period.'],
  ['renew', 'Your subscription will continue.'],
  ['card', 'Your card was updated.'],
]);

function cardInputFrom(body: string): CardInput {
  const form = decodeForm(body);
  return {
    number: stringParam(form, 'cardNumber') ?? '',
    expiry: stringParam(form, 'cardExpiry') ?? '',
    cvc: stringParam(form, 'cardCvc') ?? '',
    name: stringParam(form, 'cardholderName') ?? '',
  };
}

/** The card fields a page shows again after a refusal (never the CVC). */
function keptValues(input: CardInput): Partial<CardInput> {
  return { number: input.number, expiry: input.expiry, name: input.name };
}

/**
 * The pages a person sees: hosted checkout (/checkout/{cs_id}), customer portal (/portal/{bps_id}) and the
 * double's dashboard (/). Answers false when the path is none of them.
 */
export function createHostedPages(state: StripeState, webhooks: WebhookSender) {
  const renderCheckout = (
    res: ServerResponse,
    sessionId: string,
    status: number,
    extra: Pick<CheckoutPageModel, 'values' | 'error'> = {},
  ) => {
    const session = state.checkoutSession(sessionId);
    if (session.status !== 'open') return sendHtml(res, status === 200 ? 200 : 409, checkoutClosedPage(session));
    sendHtml(
      res,
      status,
      checkoutPage({ session, ...state.termsOf(sessionId), email: state.emailOf(session), ...extra }),
    );
  };

  const renderPortal = (res: ServerResponse, portalId: string, notice: string | null) => {
    const portal = state.portalSession(portalId);
    const subscription = state.portalSubscription(portal.customer);
    const price = subscription?.items.data[0]?.price;
    const paymentMethod = subscription?.default_payment_method
      ? (state.find(subscription.default_payment_method) as PaymentMethodObject)
      : null;
    sendHtml(
      res,
      200,
      portalPage({
        portal,
        customer: state.find(portal.customer) as CustomerObject,
        subscription,
        product: price ? state.product(price.product) : null,
        paymentMethod,
        notice,
      }),
    );
  };

  const checkout = async (req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> => {
    if (req.method === 'GET') return renderCheckout(res, sessionId, 200);
    if (req.method !== 'POST') return sendHtml(res, 405, notFoundPage('Method not allowed'));
    const session = state.checkoutSession(sessionId);
    if (session.status !== 'open') return renderCheckout(res, sessionId, 409);
    const input = cardInputFrom(await readBody(req));
    const check = checkTestCard(input);
    if (!check.ok)
      return renderCheckout(res, sessionId, check.isDecline ? 402 : 400, { values: keptValues(input), error: check });
    state.payCheckoutSession(sessionId, check.card, check.name);
    redirect(res, (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id));
  };

  const portal = async (
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    portalId: string,
    action: string | undefined,
  ): Promise<void> => {
    const session = state.portalSession(portalId);
    const subscription = state.portalSubscription(session.customer);
    if (!action && req.method === 'GET')
      return renderPortal(res, portalId, PORTAL_NOTICES.get(url.searchParams.get('done') ?? '') ?? null);
    if (action === 'card' && req.method === 'GET') return sendHtml(res, 200, portalCardPage({ portal: session }));
    if (req.method !== 'POST' || !subscription) return sendHtml(res, 404, notFoundPage('Nothing to change here.'));
    if (action === 'cancel' || action === 'renew') {
      state.updateSubscription(subscription.id, { cancelAtPeriodEnd: action === 'cancel' });
      return redirect(res, `/portal/${portalId}?done=${action}`);
    }
    const input = cardInputFrom(await readBody(req));
    const check = checkTestCard(input);
    if (!check.ok)
      return sendHtml(
        res,
        check.isDecline ? 402 : 400,
        portalCardPage({ portal: session, values: keptValues(input), error: check }),
      );
    state.replaceCard(subscription.id, check.card, check.name);
    redirect(res, `/portal/${portalId}?done=card`);
  };

  const dashboard = (res: ServerResponse) => {
    const subscriptions = state
      .all('subscription')
      .reverse()
      .map((subscription) => ({
        subscription,
        email: (state.find(subscription.customer) as CustomerObject | undefined)?.email ?? null,
      }));
    const events = state.events().map((event) => ({ event, lastStatus: webhooks.attemptsOf(event.id).at(-1)?.status }));
    sendHtml(
      res,
      200,
      dashboardPage({
        subscriptions,
        events,
        isHolding: webhooks.isHeld(),
        heldCount: webhooks.heldEvents().length,
        webhookUrl: webhooks.currentUrl(),
      }),
    );
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const path = url.pathname;
    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/(cs_[A-Za-z0-9_]+)$/.exec(path))) {
      await checkout(req, res, match[1]!);
      return true;
    }
    if ((match = /^\/portal\/(bps_[A-Za-z0-9]+)(?:\/(cancel|renew|card))?$/.exec(path))) {
      await portal(req, res, url, match[1]!, match[2]);
      return true;
    }
    if ((match = /^\/dashboard\/subscriptions\/(sub_[A-Za-z0-9_]+)\/advance$/.exec(path)) && req.method === 'POST') {
      const to = stringParam(decodeForm(await readBody(req)), 'to');
      if (to && ADVANCE_TARGETS.includes(to as AdvanceTarget))
        state.advanceSubscription(match[1]!, to as AdvanceTarget);
      redirect(res, '/');
      return true;
    }
    if (path === '/' && req.method === 'GET') {
      dashboard(res);
      return true;
    }
    return false;
  };
}
