import { z } from 'zod';

/**
 * Every event, defined once: name, version and payload schema (docs/architecture.md#events-and-the-outbox). Services
 * publish through the outbox and consume through their own queue; EVENT_SUBSCRIBERS says which service hears which event.
 */
const subscriptionStatus = z.enum(['active', 'trialing', 'past_due', 'canceled', 'inactive', 'incomplete', 'unpaid']);

/** An admin's decision on a garage (a suspension or its lifting): whom it is about, and the reason given. */
const ZGarageDecisionSchema = z.object({
  garageId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
});

export const EVENTS = {
  'user.registered': {
    version: 1,
    payload: z.object({ userId: z.string().uuid(), email: z.string(), role: z.enum(['admin', 'garage', 'none']) }),
  },
  'user.email_confirmation_requested': {
    version: 1,
    payload: z.object({ userId: z.string().uuid(), email: z.string(), token: z.string() }),
    secretFields: ['token'],
  },
  /**
   * A garage's owner invited a technician (docs/product.md#the-garages-team): the mail with the link to accept (token
   * secret, never in the job).
   */
  'technician.invited': {
    version: 1,
    payload: z.object({
      invitationId: z.string().uuid(),
      garageId: z.string().uuid(),
      email: z.string(),
      name: z.string(),
      invitedBy: z.string(),
      token: z.string(),
    }),
    secretFields: ['token'],
  },
  'user.password_reset_requested': {
    version: 1,
    payload: z.object({ userId: z.string().uuid(), email: z.string(), token: z.string() }),
    secretFields: ['token'],
  },
  /** An address was proven (confirmation link, reset link or undo link): a garage may now check out and add records. */
  'user.email_confirmed': {
    version: 1,
    payload: z.object({ userId: z.string().uuid(), email: z.string(), confirmedAt: z.number().int() }),
  },
  /** A user's e-mail changed (or a change was undone); changedAt (unix ms) orders changes, consumers keep the newest. */
  'user.email_changed': {
    version: 1,
    payload: z.object({
      userId: z.string().uuid(),
      oldEmail: z.string(),
      newEmail: z.string(),
      changedAt: z.number().int(),
    }),
  },
  /** Asks for the mail to the old address of a changed e-mail, with the raw token of its undo link. */
  'user.email_change_notice_requested': {
    version: 1,
    payload: z.object({ userId: z.string().uuid(), oldEmail: z.string(), newEmail: z.string(), token: z.string() }),
    secretFields: ['token'],
  },
  'garage.registered': {
    version: 1,
    payload: z.object({
      garageId: z.string().uuid(),
      name: z.string(),
      address: z.string(),
      email: z.string(),
      phone: z.string(),
      fullName: z.string(),
      referralCode: z.string(),
      referredBy: z.string().uuid().nullable(),
      /** The garage's public page, /garages/{slug}; absent from events written before slugs. */
      slug: z.string().optional(),
    }),
  },
  'garage.updated': {
    version: 1,
    payload: z.object({
      garageId: z.string().uuid(),
      name: z.string(),
      address: z.string(),
      phone: z.string(),
      slug: z.string().optional(),
    }),
  },
  /** An admin freed the company number of a garage whose e-mail was never confirmed (company squatting). */
  'garage.company_released': {
    version: 1,
    payload: z.object({ garageId: z.string().uuid(), name: z.string(), email: z.string(), companyNumber: z.string() }),
  },
  /** An admin suspended a garage: it cannot sign in, add records or use billing until reinstated; its records stay public. */
  'garage.suspended': {
    version: 1,
    payload: ZGarageDecisionSchema.extend({ suspendedAt: z.number().int() }),
  },
  /** An admin lifted a garage's suspension. */
  'garage.reinstated': {
    version: 1,
    payload: ZGarageDecisionSchema.extend({ reinstatedAt: z.number().int() }),
  },
  'subscription.changed': {
    version: 1,
    payload: z.object({
      garageId: z.string().uuid(),
      email: z.string(),
      status: subscriptionStatus,
      previousStatus: subscriptionStatus.nullable(),
      customerId: z.string().nullable(),
      subscriptionId: z.string().nullable(),
      currentPeriodEnd: z.number().int().nullable(),
      trialEnd: z.number().int().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** Which Stripe happening caused it: lets notifications pick the mail to send. */
      reason: z.enum(['trial_started', 'activated', 'payment_failed', 'canceled', 'trial_will_end', 'updated']),
      /** Unix milliseconds at which this state of the subscription was read from Stripe; consumers keep the newest. */
      stateAt: z.number().int(),
    }),
  },
  'service_record.created': {
    version: 1,
    // What the receipt and customer mails need; the customer's e-mail is contact data the garage gave for
    // this mail, and nothing secret rides here.
    payload: z.object({
      recordId: z.string().uuid(),
      garageId: z.string().uuid(),
      garageName: z.string(),
      garageEmail: z.string().nullable(),
      registration: z.string(),
      vin: z.string(),
      serviceDate: z.string(),
      mileage: z.number().int(),
      serviceType: z.string(),
      signedBy: z.string(),
      hash: z.string(),
      position: z.number().int(),
      customerEmail: z.string().nullable(),
      /**
       * The entry's leaf in the transparency log: the receipt mail waits for the first checkpoint that covers it
       * (transparency_log.checkpoint_issued). Null in an event written before receipts carried it: mailed at once.
       */
      leafIndex: z.number().int().min(0).nullable().default(null),
    }),
  },
  /**
   * Records signed a checkpoint of the transparency log (once per tree size, in the transaction that keeps it): the
   * receipt mails of the entries it covers go out with it. Everything here is public (GET log/checkpoint/{size}).
   */
  'transparency_log.checkpoint_issued': {
    version: 1,
    payload: z.object({
      treeSize: z.number().int().min(1),
      /** Standard base64 of the 32-byte RFC 6962 root hash, as the note's third line writes it. */
      rootHash: z.string(),
      /** The C2SP signed note: origin, tree size and root hash lines, a blank line, the signature lines. */
      note: z.string(),
      issuedAt: z.string(),
    }),
  },
  /**
   * A garage imported records from its own history (docs/product.md#importing-a-garages-history): one event for the
   * whole file, naming each vehicle whose history changed, so records marks their lookup answers stale. No receipt mail
   * goes out for an imported record.
   */
  'service_records.imported': {
    version: 1,
    payload: z.object({
      importId: z.string().uuid(),
      garageId: z.string().uuid(),
      count: z.number().int().min(1),
      registrations: z.array(z.string()),
      importedAt: z.string(),
    }),
  },
  /** An admin corrected a record (an amendment appended to its chain); its garage is told by e-mail. */
  'service_record.amended': {
    version: 1,
    payload: z.object({
      recordId: z.string().uuid(),
      amendmentId: z.string().uuid(),
      amendedBy: z.string().uuid(),
      registration: z.string(),
      garageId: z.string().uuid(),
      garageName: z.string(),
      garageEmail: z.string().nullable(),
      serviceDate: z.string(),
      /** The names of the fields that changed (values stay in the records service). */
      changedFields: z.array(z.string()),
      reason: z.string(),
      amendedAt: z.string(),
    }),
  },
  /** An admin withdrew a record from public view (the chain keeps it); its garage is told by e-mail. */
  'service_record.withdrawn': {
    version: 1,
    payload: z.object({
      recordId: z.string().uuid(),
      withdrawnBy: z.string().uuid(),
      registration: z.string(),
      garageId: z.string().uuid(),
      garageName: z.string(),
      garageEmail: z.string().nullable(),
      serviceDate: z.string(),
      reason: z.string(),
      withdrawnAt: z.string(),
    }),
  },
  /**
   * An admin erased fields of a record (notes, technician, signer, customer contact): records marks its vehicle's
   * lookup answers stale through the outbox, so that erased text never stays published (docs/architecture.md#events-and-the-outbox).
   * The fields' names only; their values are gone.
   */
  'service_record.erased': {
    version: 1,
    payload: z.object({
      recordId: z.string().uuid(),
      registration: z.string(),
      garageId: z.string().uuid(),
      fields: z.array(z.string()),
      erasedAt: z.string(),
    }),
  },
  'contact.received': {
    version: 1,
    payload: z.object({ messageId: z.string().uuid(), name: z.string(), email: z.string(), subject: z.string() }),
  },
  'callback.requested': {
    version: 1,
    payload: z.object({
      requestId: z.string().uuid(),
      fullName: z.string(),
      garageName: z.string(),
      phone: z.string(),
    }),
  },
} as const;

export type TEventName = keyof typeof EVENTS;
export type TEventPayload<N extends TEventName> = z.infer<(typeof EVENTS)[N]['payload']>;

/** An event as it travels: the outbox row's id is the event id and the job id. */
export interface TEventEnvelope<N extends TEventName = TEventName> {
  id: string;
  name: N;
  version: number;
  occurredAt: string;
  payload: TEventPayload<N>;
}

export const ZServiceNameSchema = z.enum(['identity', 'garages', 'records', 'billing', 'notifications']);
export type TServiceName = z.infer<typeof ZServiceNameSchema>;
/** Every event's name, as a schema (the admin status lists dead events by name). */
export const ZEventNameSchema = z.enum(Object.keys(EVENTS) as [TEventName, ...TEventName[]]);

/** Which services consume which events. A service must handle every event listed for it. */
export const EVENT_SUBSCRIBERS: Record<TEventName, readonly TServiceName[]> = {
  'user.registered': [],
  'user.email_confirmation_requested': ['notifications'],
  'user.password_reset_requested': ['notifications'],
  'technician.invited': ['notifications'],
  'user.email_confirmed': ['garages', 'records', 'billing'],
  'user.email_changed': ['garages', 'records', 'billing'],
  'user.email_change_notice_requested': ['notifications'],
  'garage.registered': ['records', 'notifications'],
  'garage.updated': ['records'],
  'garage.company_released': ['notifications'],
  'garage.suspended': ['identity', 'records', 'billing', 'notifications'],
  'garage.reinstated': ['identity', 'records', 'billing', 'notifications'],
  'subscription.changed': ['garages', 'records', 'notifications'],
  'service_record.created': ['records', 'notifications'],
  'service_record.amended': ['records', 'notifications'],
  'service_records.imported': ['records'],
  'service_record.withdrawn': ['records', 'notifications'],
  'service_record.erased': ['records'],
  'transparency_log.checkpoint_issued': ['notifications'],
  'contact.received': ['notifications'],
  'callback.requested': ['notifications'],
};

/** The event names a service must handle. */
export function eventsFor(service: TServiceName): TEventName[] {
  return (Object.keys(EVENT_SUBSCRIBERS) as TEventName[]).filter((name) => EVENT_SUBSCRIBERS[name].includes(service));
}
