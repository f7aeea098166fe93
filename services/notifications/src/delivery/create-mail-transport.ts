import nodemailer from 'nodemailer';

/** What the delivery loop needs of a mail transport (nodemailer's transporter, or anything shaped like it). */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    html: string;
    text: string;
    messageId: string;
    headers?: Record<string, string>;
  }): Promise<{ messageId: string; response: string }>;
  close(): void;
}

/**
 * An SMTP transport for SMTP_URL (smtp:// or smtps://, credentials in the URL). Timeouts are kept well
 * under the sender's claim lease, so a hung server fails an attempt instead of outliving the claim.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}
