// MailDev's REST API, read as a person reads their inbox.
import { expect } from '@playwright/test';
import { MAIL_PORTS } from '../emulator/mail/ports.ts';

export const MAILDEV = `http://127.0.0.1:${MAIL_PORTS.web}/api`;

export interface Email {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: Array<{ address: string }>;
  attachments?: Array<{ generatedFileName?: string; fileName?: string; contentType: string; contentId?: string }>;
}

/** Every email to `to` so far, oldest first. */
export async function emailsTo(to: string): Promise<Email[]> {
  const inbox = (await (await fetch(`${MAILDEV}/email`)).json()) as Email[];
  return inbox.filter((m) => m.to.some((t) => t.address === to));
}

/** The email to `to` whose subject matches, once it has arrived (the stack sends within a second). */
export async function emailTo(to: string, subject: RegExp): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(to)).find((m) => subject.test(m.subject));
        return found?.subject ?? null;
      },
      { timeout: 20_000, message: `an email to ${to} matching ${subject}` },
    )
    .not.toBeNull();
  return found!;
}

/** An attachment's name, as MailDev stores it. */
export const fileName = (a: NonNullable<Email['attachments']>[number]) => a.generatedFileName ?? a.fileName ?? '';

/** An email's attachment, its bytes as MailDev received them. */
export const attachment = async (email: Email, name: string) =>
  Buffer.from(await (await fetch(`${MAILDEV}/email/${email.id}/attachment/${name}`)).arrayBuffer());

/** The email's first attachment of this content type. */
export async function attachmentOfType(email: Email, contentType: string): Promise<Buffer> {
  const found = email.attachments?.find((a) => a.contentType === contentType);
  if (!found) throw new Error(`no ${contentType} attachment in "${email.subject}"`);
  return attachment(email, fileName(found));
}

/** The first link in an email's text that starts with `prefix`. */
export function linkIn(email: Email, prefix: string): string {
  const link = email.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in "${email.subject}": ${email.text}`);
  return link;
}

const SIGN_IN_SUBJECT = /^Your sign-in link for the /;
const SIGN_IN_LINK = /^https?:\/\/\S*[?&]mode=signIn(?:&|#|$)/;

/** The sign-in link in each sign-in email to `to` so far, oldest first (Auth mails the address in lower case). */
async function signInLinksTo(to: string): Promise<string[]> {
  return (await emailsTo(to.toLowerCase()))
    .filter((m) => SIGN_IN_SUBJECT.test(m.subject))
    .map((m) => m.text.split(/\s+/).find((word) => SIGN_IN_LINK.test(word)))
    .filter((link): link is string => !!link);
}

/** The newest sign-in link mailed to `to` so far, or undefined: to pass as `after` before asking for another. */
export const latestSignInLink = async (to: string): Promise<string | undefined> => (await signInLinksTo(to)).at(-1);

/**
 * The newest sign-in link mailed to `to` (an attendee's email-link sign-in), once it has arrived.
 * `after`: a link this test already followed, so one asked for again waits for the new email.
 */
export async function signInLinkFor(to: string, { after }: { after?: string } = {}): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const links = await signInLinksTo(to);
        found = links.at(-1);
        return found !== undefined && found !== after ? found : null;
      },
      { timeout: 20_000, message: `a sign-in link mailed to ${to}${after ? ' after the one followed' : ''}` },
    )
    .not.toBeNull();
  return found!;
}
