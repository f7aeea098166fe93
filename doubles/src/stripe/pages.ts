import type { CardInput } from './cards.js';
import type {
  CheckoutSessionObject,
  CustomerObject,
  EventObject,
  PaymentMethodObject,
  PortalSessionObject,
  PriceObject,
  ProductObject,
  SubscriptionObject,
} from './objects.js';

/** HTML of the double's hosted pages: checkout, customer portal and a small dashboard for demos. */

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** £34.99, as en-GB shows money. */
export function formatMoney(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountMinor / 100,
  );
}

/** 5 December 2025, as en-GB writes a date. */
export function formatDate(unixSeconds: number | null): string {
  if (unixSeconds === null) return '—';
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(unixSeconds * 1000));
}

function perInterval(price: PriceObject): string {
  return `${formatMoney(price.unit_amount, price.currency)}/${price.recurring?.interval ?? 'once'}`;
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1f36;background:#f6f9fc;line-height:1.5}
  .banner{background:#ffde92;color:#5c3b00;text-align:center;font-size:13px;padding:6px 12px;font-weight:600}
  main{max-width:920px;margin:40px auto;padding:0 20px;display:grid;grid-template-columns:1fr 1fr;gap:48px}
  main.single{grid-template-columns:1fr;max-width:560px}
  main.wide{grid-template-columns:1fr;max-width:1000px}
  h1{font-size:20px;margin:0 0 8px}
  h2{font-size:16px;margin:0 0 16px}
  .muted{color:#697386}
  .amount{font-size:34px;font-weight:700;margin:4px 0}
  .pill{display:inline-block;background:#d7f7c2;color:#05690d;border-radius:12px;padding:2px 10px;font-size:13px;font-weight:600}
  .pill.warn{background:#fcedb9;color:#a82c00}
  .pill.bad{background:#ffe7f2;color:#b3093c}
  .card{background:#fff;border-radius:8px;box-shadow:0 2px 5px rgba(60,66,87,.08),0 1px 1px rgba(0,0,0,.12);padding:24px}
  label{display:block;font-size:14px;font-weight:500;margin:14px 0 6px;color:#3c4257}
  input{width:100%;font:inherit;padding:9px 12px;border:1px solid #d5dbe1;border-radius:6px;background:#fff}
  input:focus{outline:2px solid #635bff;outline-offset:-1px}
  .row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
  button,.button{display:inline-block;width:100%;margin-top:22px;padding:12px;font:inherit;font-weight:600;color:#fff;background:#635bff;border:0;border-radius:6px;cursor:pointer;text-align:center;text-decoration:none}
  button.secondary,.button.secondary{background:#fff;color:#3c4257;border:1px solid #d5dbe1}
  button.danger{background:#df1b41}
  .error{margin-top:16px;padding:10px 12px;border-radius:6px;background:#fff0f0;color:#b3093c;font-size:14px}
  .notice{margin-bottom:16px;padding:10px 12px;border-radius:6px;background:#eef7ff;color:#0a4c8f;font-size:14px}
  .lines{margin:20px 0;border-top:1px solid #e3e8ee}
  .lines div{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid #e3e8ee;font-size:14px}
  a{color:#635bff}
  .back{display:inline-block;margin-bottom:20px;font-size:14px}
  .hint{font-size:12px;margin-top:12px}
  table{width:100%;border-collapse:collapse;font-size:14px}
  td,th{text-align:left;padding:8px;border-bottom:1px solid #e3e8ee;vertical-align:top}
  form.inline{display:inline}
  form.inline button{width:auto;margin:2px 4px 2px 0;padding:6px 10px;font-size:13px}
  @media (max-width:760px){main{grid-template-columns:1fr;gap:24px}}
`;

function layout(title: string, body: string, shape: 'split' | 'single' | 'wide' = 'split'): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner">Test mode: local Stripe double. No real payment is taken.</div>
<main${shape === 'split' ? '' : ` class="${shape}"`}>
${body}
</main>
</body>
</html>`;
}

function cardFields(values: Partial<CardInput>, error: { field?: keyof CardInput; message: string } | null): string {
  const invalid = (field: keyof CardInput) => (error?.field === field ? ' aria-invalid="true"' : '');
  return `
    <label for="cardNumber">Card number</label>
    <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${escapeHtml(values.number)}" required${invalid('number')}>
    <div class="row">
      <div>
        <label for="cardExpiry">Expiry date</label>
        <input id="cardExpiry" name="cardExpiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" value="${escapeHtml(values.expiry)}" required${invalid('expiry')}>
      </div>
      <div>
        <label for="cardCvc">CVC</label>
        <input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required${invalid('cvc')}>
      </div>
    </div>
    <label for="cardholderName">Name on card</label>
    <input id="cardholderName" name="cardholderName" autocomplete="cc-name" value="${escapeHtml(values.name)}" required${invalid('name')}>
    ${error ? `<div class="error" role="alert">${escapeHtml(error.message)}</div>` : ''}`;
}

export interface CheckoutPageModel {
  session: CheckoutSessionObject;
  product: ProductObject;
  price: PriceObject;
  quantity: number;
  trialPeriodDays: number | null;
  email: string | null;
  values?: Partial<CardInput>;
  error?: { field?: keyof CardInput; message: string } | null;
}

/** The hosted checkout page: what is bought, the trial, and a card form. */
export function checkoutPage(model: CheckoutPageModel): string {
  const { session, product, price, trialPeriodDays } = model;
  const total = price.unit_amount * model.quantity;
  const trialEnd = trialPeriodDays ? Math.floor(Date.now() / 1000) + trialPeriodDays * 86_400 : null;
  const summary = trialPeriodDays
    ? `<p class="pill">${trialPeriodDays}-day free trial</p>
       <p class="amount">${formatMoney(0, price.currency)} due today</p>
       <p class="muted">Then ${escapeHtml(perInterval(price))} starting ${escapeHtml(formatDate(trialEnd))}</p>`
    : `<p class="amount">${escapeHtml(perInterval(price))}</p>`;
  const cancel = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}">&larr; Cancel and return</a>`
    : '';
  const body = `
  <section>
    ${cancel}
    <h1>Subscribe to ${escapeHtml(product.name)}</h1>
    ${summary}
    <div class="lines">
      <div><span>${escapeHtml(product.name)}${product.description ? `<br><span class="muted">${escapeHtml(product.description)}</span>` : ''}</span><span>${escapeHtml(perInterval(price))}</span></div>
      ${trialPeriodDays ? `<div><span>Free trial (${trialPeriodDays} days)</span><span>-${escapeHtml(formatMoney(total, price.currency))}</span></div>` : ''}
      <div><strong>Total due today</strong><strong>${escapeHtml(formatMoney(trialPeriodDays ? 0 : total, price.currency))}</strong></div>
    </div>
  </section>
  <section class="card">
    <h2>Pay with card</h2>
    <form method="post" action="/checkout/${escapeHtml(session.id)}" novalidate>
      <label for="email">Email</label>
      <input id="email" value="${escapeHtml(model.email)}" readonly>
      ${cardFields(model.values ?? {}, model.error ?? null)}
      <button type="submit">${trialPeriodDays ? 'Start trial' : 'Subscribe'}</button>
      <p class="hint muted">Test card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry date and any CVC.</p>
    </form>
  </section>`;
  return layout(`${product.name} · Checkout`, body);
}

/** A checkout session that can no longer be paid. */
export function checkoutClosedPage(session: CheckoutSessionObject): string {
  const isComplete = session.status === 'complete';
  const link =
    isComplete && session.success_url
      ? `<a class="button" href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a>`
      : session.cancel_url
        ? `<a class="button secondary" href="${escapeHtml(session.cancel_url)}">Return to the site</a>`
        : '';
  const body = `<section class="card"><h1>${isComplete ? 'This checkout is complete' : 'This checkout session has expired'}</h1>
    <p class="muted">${isComplete ? 'Your payment details were received.' : 'Please start again from the site.'}</p>${link}</section>`;
  return layout('Checkout', body, 'single');
}

/** A page for an unknown session or link. */
export function notFoundPage(message: string): string {
  return layout(
    'Not found',
    `<section class="card"><h1>Not found</h1><p class="muted">${escapeHtml(message)}</p></section>`,
    'single',
  );
}

function statusPill(subscription: SubscriptionObject): string {
  const labels: Record<string, [string, string]> = {
    trialing: ['Free trial', ''],
    active: ['Active', ''],
    past_due: ['Past due', 'warn'],
    unpaid: ['Unpaid', 'bad'],
    canceled: ['Cancelled', 'bad'],
  };
  const [label, tone] = labels[subscription.status] ?? [subscription.status, 'warn'];
  return `<span class="pill ${tone}">${escapeHtml(label)}</span>`;
}

export interface PortalPageModel {
  portal: PortalSessionObject;
  customer: CustomerObject;
  subscription: SubscriptionObject | null;
  product: ProductObject | null;
  paymentMethod: PaymentMethodObject | null;
  notice?: string | null;
}

/** The customer portal: the subscription, cancel (at period end) or renew, change card, and back to the site. */
export function portalPage(model: PortalPageModel): string {
  const { portal, subscription } = model;
  const back = portal.return_url
    ? `<a class="back" href="${escapeHtml(portal.return_url)}">&larr; Return to the site</a>`
    : '';
  if (!subscription) {
    return layout(
      'Billing',
      `<section class="card">${back}<h1>Billing</h1><p class="muted">No subscription for ${escapeHtml(model.customer.email)}.</p></section>`,
      'single',
    );
  }
  const item = subscription.items.data[0]!;
  const isLive = subscription.status !== 'canceled';
  const nextLine = !isLive
    ? `Ended on ${escapeHtml(formatDate(subscription.ended_at))}`
    : subscription.cancel_at_period_end
      ? `Cancels on ${escapeHtml(formatDate(item.current_period_end))}`
      : subscription.status === 'trialing'
        ? `Trial ends on ${escapeHtml(formatDate(subscription.trial_end))}; then ${escapeHtml(perInterval(item.price))}`
        : `Renews on ${escapeHtml(formatDate(item.current_period_end))}`;
  const card = model.paymentMethod
    ? `${escapeHtml(model.paymentMethod.card.brand.toUpperCase())} •••• ${escapeHtml(model.paymentMethod.card.last4)}, expires ${model.paymentMethod.card.exp_month}/${model.paymentMethod.card.exp_year}`
    : 'No card on file';
  const actions = !isLive
    ? ''
    : subscription.cancel_at_period_end
      ? `<form method="post" action="/portal/${escapeHtml(portal.id)}/renew"><button type="submit">Renew subscription</button></form>`
      : `<form method="post" action="/portal/${escapeHtml(portal.id)}/cancel"><button type="submit" class="danger">Cancel subscription</button></form>`;
  const body = `<section class="card">
    ${back}
    ${model.notice ? `<div class="notice" role="status">${escapeHtml(model.notice)}</div>` : ''}
    <h1>${escapeHtml(model.product?.name ?? 'Subscription')} ${statusPill(subscription)}</h1>
    <p class="amount">${escapeHtml(perInterval(item.price))}</p>
    <p class="muted">${nextLine}</p>
    <div class="lines">
      <div><span>Account</span><span>${escapeHtml(model.customer.email)}</span></div>
      <div><span>Payment method</span><span>${card}</span></div>
    </div>
    ${isLive ? `<a class="button secondary" href="/portal/${escapeHtml(portal.id)}/card">Update card</a>` : ''}
    ${actions}
  </section>`;
  return layout('Billing', body, 'single');
}

/** The portal's card form. */
export function portalCardPage(model: {
  portal: PortalSessionObject;
  values?: Partial<CardInput>;
  error?: { field?: keyof CardInput; message: string } | null;
}): string {
  const body = `<section class="card">
    <a class="back" href="/portal/${escapeHtml(model.portal.id)}">&larr; Back</a>
    <h1>Update card</h1>
    <form method="post" action="/portal/${escapeHtml(model.portal.id)}/card" novalidate>
      ${cardFields(model.values ?? {}, model.error ?? null)}
      <button type="submit">Save card</button>
    </form>
  </section>`;
  return layout('Update card', body, 'single');
}

/** The double's own dashboard (not Stripe's): subscriptions with buttons that move them on, and the events sent. */
export function dashboardPage(model: {
  subscriptions: Array<{ subscription: SubscriptionObject; email: string | null }>;
  events: Array<{ event: EventObject; lastStatus: number | null | undefined }>;
  isHolding: boolean;
  heldCount: number;
  webhookUrl: string | null;
}): string {
  const rows = model.subscriptions
    .map(({ subscription, email }) => {
      const buttons = (['active', 'past_due', 'trial_will_end', 'canceled'] as const)
        .map(
          (
            to,
          ) => `<form class="inline" method="post" action="/dashboard/subscriptions/${escapeHtml(subscription.id)}/advance">
            <input type="hidden" name="to" value="${to}"><button type="submit">${to.replaceAll('_', ' ')}</button></form>`,
        )
        .join('');
      return `<tr><td><code>${escapeHtml(subscription.id)}</code><br><span class="muted">${escapeHtml(email)}</span></td>
        <td>${statusPill(subscription)}${subscription.cancel_at_period_end ? '<br><span class="muted">cancels at period end</span>' : ''}</td>
        <td>${escapeHtml(formatDate(subscription.items.data[0]?.current_period_end ?? null))}</td><td>${subscription.status === 'canceled' ? '' : buttons}</td></tr>`;
    })
    .join('');
  const events = model.events
    .slice(-30)
    .reverse()
    .map(
      ({ event, lastStatus }) =>
        `<tr><td><code>${escapeHtml(event.id)}</code></td><td>${escapeHtml(event.type)}</td><td>${escapeHtml(lastStatus ?? 'not sent')}</td></tr>`,
    )
    .join('');
  const body = `<section class="card">
    <h1>Local Stripe double</h1>
    <p class="muted">Webhooks go to <code>${escapeHtml(model.webhookUrl ?? 'nowhere')}</code>${model.isHolding ? ` and are held (${model.heldCount} waiting)` : ''}.</p>
    <h2>Subscriptions</h2>
    <table><thead><tr><th>Subscription</th><th>Status</th><th>Period ends</th><th>Move to</th></tr></thead><tbody>${rows || '<tr><td colspan="4" class="muted">None yet</td></tr>'}</tbody></table>
    <h2 style="margin-top:24px">Recent events</h2>
    <table><thead><tr><th>Event</th><th>Type</th><th>Delivery</th></tr></thead><tbody>${events || '<tr><td colspan="3" class="muted">None yet</td></tr>'}</tbody></table>
  </section>`;
  return layout('Local Stripe double', body, 'wide');
}
