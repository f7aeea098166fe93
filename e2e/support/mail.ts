/** Reads what the platform mailed from the SMTP catcher's JSON API, the way a person reads their inbox. */
export interface CapturedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function waitForMail(
  inboxUrl: string,
  to: string,
  subject: RegExp,
  timeoutMs = 30_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as CapturedMail[];
    const found = mails.find((mail) => subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a subject like ${subject} within ${timeoutMs / 1000} s`);
}

/** The first link in a mail's text whose path starts with the given one. */
export function linkIn(mail: CapturedMail, pathname: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const link = links.find((candidate) => new URL(candidate).pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in "${mail.subject}": ${links.join(', ')}`);
  return link;
}
