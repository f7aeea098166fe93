import { startBatchLoop, type BatchLoop, type Logger, type Pool } from '@sh/shared/server';
import {
  DEFAULT_RETRY_POLICY,
  planMailRetry,
  type DeliveryFailure,
  type RetryPolicy,
} from '../domain/plan-mail-retry.js';
import { redactLinkTokens } from '../domain/redact-link-tokens.js';
import { claimDueMail, type ClaimedMail } from '../store/claim-due-mail.js';
import { markMailFailed } from '../store/mark-mail-failed.js';
import { markMailSent } from '../store/mark-mail-sent.js';
import { rescheduleMail } from '../store/reschedule-mail.js';
import type { MailTransport } from './create-mail-transport.js';

export interface MailSenderOptions {
  pool: Pool;
  transport: MailTransport;
  /** The From header, e.g. 'Service History <no-reply@example.co.uk>'. */
  from: string;
  /** The right-hand side of the Message-IDs we mint, normally the From address's domain. */
  messageIdDomain: string;
  logger: Logger;
  retry?: RetryPolicy;
  pollMs?: number;
  batchSize?: number;
  /** How long a claim lasts before another sender may take the mail over (the claimer is presumed dead). */
  leaseMs?: number;
}

/** flush() sends what is due now and resolves with how many mails were attempted. */
export type MailSender = BatchLoop;

/** The Message-ID of a queued mail: fixed by its row, so every attempt of the same mail carries the same one. */
export function messageIdFor(mailId: string, domain: string): string {
  return `<${mailId}@${domain}>`;
}

function describeFailure(error: unknown): { failure: DeliveryFailure; message: string } {
  const details = error as { responseCode?: unknown; code?: unknown; message?: unknown };
  const failure: DeliveryFailure = {
    responseCode: typeof details.responseCode === 'number' ? details.responseCode : undefined,
    code: typeof details.code === 'string' ? details.code : undefined,
  };
  const message = typeof details.message === 'string' ? details.message : String(error);
  // A server may quote the mail back in its refusal; no link's token is kept or logged through it.
  return { failure, message: redactLinkTokens(message).slice(0, 1000) };
}

/**
 * The delivery loop: claims due mails from mail_queue and sends them over SMTP, retrying failures with
 * exponential backoff and giving up on permanent refusals. No link's token outlives the mail: a sent mail's bodies
 * are cleared, a failed one's keep everything but the tokens, and errors are stored and logged without them.
 *
 * Delivery is at-least-once, on purpose. SMTP is not part of our transaction: the claim is committed, the
 * server accepts the mail, and only then is the row marked sent. If the process dies (or the database is
 * unreachable) between the server's "250 OK" and that mark, the claim lapses after `leaseMs` and the mail
 * is sent a second time. That window is a few milliseconds per mail; we prefer a rare duplicate to a lost
 * password-reset or confirmation mail. The duplicate is visible as such: every attempt of a mail carries
 * the same Message-ID (derived from its row), which mail providers commonly use to collapse duplicates.
 * Everything before the SMTP hand-over is exactly-once: one row per (event, template), enforced by a
 * unique key in the same transaction that records the event as processed, and rows are claimed with
 * FOR UPDATE SKIP LOCKED so two senders never send the same row at the same time.
 */
export function startMailSender(options: MailSenderOptions): MailSender {
  const { pool, transport, logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 120_000;

  const deliver = async (mail: ClaimedMail): Promise<void> => {
    const messageId = messageIdFor(mail.id, options.messageIdDomain);
    const log = logger.child({ mailId: mail.id, template: mail.template, attempt: mail.attempts });
    let response: string;
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to_address,
        replyTo: mail.reply_to ?? undefined,
        subject: mail.subject,
        html: mail.html_body,
        text: mail.text_body,
        messageId,
        headers: { ...mail.headers, 'Auto-Submitted': 'auto-generated' },
      });
      response = info.response;
    } catch (error) {
      const { failure, message } = describeFailure(error);
      const plan = planMailRetry(mail.attempts, failure, retry);
      if (plan.kind === 'retry') {
        await rescheduleMail(pool, { id: mail.id, attempts: mail.attempts, delayMs: plan.delayMs, error: message });
        log.warn(
          { err: message, responseCode: failure.responseCode, retryInMs: plan.delayMs },
          'mail not sent; will retry',
        );
      } else {
        await markMailFailed(pool, {
          id: mail.id,
          attempts: mail.attempts,
          error: message,
          htmlBody: redactLinkTokens(mail.html_body),
          textBody: redactLinkTokens(mail.text_body),
        });
        log.error({ err: message, responseCode: failure.responseCode, why: plan.why }, 'mail not sent; giving up');
      }
      return;
    }
    const isMarked = await markMailSent(pool, {
      id: mail.id,
      attempts: mail.attempts,
      messageId,
      smtpResponse: response.slice(0, 500),
    });
    if (isMarked) log.info({ messageId }, 'mail sent');
    else log.warn({ messageId }, 'mail sent after its claim lapsed; another sender may send it too');
  };

  const sendBatch = async (): Promise<number> => {
    const claimed = await claimDueMail(pool, batchSize, leaseMs);
    // In parallel, so that one slow server answer cannot make the batch's last mails outlive their claims.
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return claimed.length;
  };

  return startBatchLoop({
    runBatch: sendBatch,
    batchSize,
    pollMs,
    onError: (error) => logger.warn({ err: error }, 'mail delivery loop failed; retrying'),
  });
}
