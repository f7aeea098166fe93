/**
 * The audit of admin actions (who, what, when, why). Each service keeps the entries of the actions it performs, in
 * its own database and in the transaction that performs them, so an action and its audit entry commit or roll back
 * together; the gateway composes the newest of every service for the admin overview.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_ACTION_MESSAGES } from '../contract/admin-action-messages.js';
import type { TAdminAction, TAdminActionKind, TAdminActor, TServiceName } from '../contract/index.js';
import type { Queryable } from './store/db.js';
import { AppError } from './errors.js';
import type { TAuthClaims } from './types.js';

/** Who did it: the audit's own actor, or the signed-in admin's token claims. */
type TActingAdmin = TAdminActor | Pick<TAuthClaims, 'sub' | 'email'>;

/**
 * The reason an admin gave for changing someone else's account (a call whose reason the schema leaves optional,
 * because the account's own user gives none): a 400 on the reason field without one.
 */
export function requireAdminReason(reason: string | undefined): string {
  if (reason) return reason;
  throw new AppError('validation_failed', ADMIN_ACTION_MESSAGES.reasonRequired, {
    errors: [{ path: 'reason', message: ADMIN_ACTION_MESSAGES.reasonRequired }],
  });
}

/**
 * Keeps an admin action: who, what, to what, and why (null where the action takes no reason). Call it with the client
 * of the transaction that performs the action.
 */
export async function recordAdminAction(
  db: Queryable,
  admin: TActingAdmin,
  action: TAdminActionKind,
  subject: TAdminAction['subject'],
  reason: string | null,
): Promise<string> {
  const id = randomUUID();
  const actor = 'sub' in admin ? { id: admin.sub, email: admin.email } : admin;
  await db.query(
    `INSERT INTO admin_actions (id, actor_id, actor_email, action, subject_type, subject_id, subject_label, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, actor.id, actor.email, action, subject.type, subject.id, subject.label, reason],
  );
  return id;
}

interface AdminActionRow {
  id: string;
  at: Date;
  actor_id: string;
  actor_email: string;
  action: TAdminActionKind;
  subject_type: TAdminAction['subject']['type'];
  subject_id: string;
  subject_label: string;
  reason: string | null;
}

/** The newest admin actions this service keeps, newest first. */
export async function listAdminActions(db: Queryable, service: TServiceName, limit: number): Promise<TAdminAction[]> {
  const { rows } = await db.query<AdminActionRow>(
    `SELECT id, at, actor_id, actor_email, action, subject_type, subject_id, subject_label, reason
       FROM admin_actions ORDER BY at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actor_id, email: row.actor_email },
    action: row.action,
    subject: { type: row.subject_type, id: row.subject_id, label: row.subject_label },
    reason: row.reason,
    service,
  }));
}
