// The emails Firebase Auth sends in production (set your password, confirm your address, an
// attendee's sign-in link), sent locally too: the Auth emulator only lists its out-of-band codes,
// so this polls that list and mails each new code to MailDev, with the link production's email
// gives, so staff onboarding and an attendee's sign-in can be followed end to end. Staff emails
// go through the custom action URL (SITE/admin-login/action?mode=…&oobCode=…); a sign-in link
// goes through Firebase's own handler, which sends the browser on to the page it was asked for
// (the continueUrl, with mode=signIn&oobCode=…&apiKey=… added to its query).
import nodemailer from 'nodemailer';
import { ACTION_PATH } from '../../src/lib/auth-paths.ts';
import type { StackAddress } from '../seed/rest.ts';
import { pollEvery } from './poll-loop.ts';
import { DEFAULT_FROM } from './worker.ts';

export interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

export interface AuthMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const SUMMIT = 'National Cancer Summit';
const APP_NAME = `${SUMMIT} back office`;

/** The emulator's link, moved to the app's action page; its query (mode, oobCode, continueUrl…) is kept. */
export function actionLink(oobLink: string, siteUrl: string): string {
  const link = new URL(ACTION_PATH, siteUrl);
  link.search = new URL(oobLink).search;
  return link.toString();
}

/**
 * Where an attendee's sign-in link lands, as production's Firebase-hosted handler redirects: the
 * emulator link's continueUrl (the page that asked, with its own query kept) with mode, oobCode,
 * apiKey and lang added, which the SDK's isSignInWithEmailLink and signInWithEmailLink read. A
 * code sent without a continueUrl lands on the site's home page.
 */
export function signInLink(oobLink: string, siteUrl: string): string {
  const from = new URL(oobLink).searchParams;
  const link = new URL(from.get('continueUrl') || '/', siteUrl);
  for (const name of ['mode', 'oobCode', 'apiKey', 'lang']) {
    const value = from.get(name);
    if (value !== null) link.searchParams.set(name, value);
  }
  return link.toString();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Firebase's default wording for each kind of email, with the product's name. Null: not an email Auth sends here. */
export function authMailFor(oob: OobCode, siteUrl: string): AuthMail | null {
  const link = oob.requestType === 'EMAIL_SIGNIN' ? signInLink(oob.oobLink, siteUrl) : actionLink(oob.oobLink, siteUrl);
  const lines =
    oob.requestType === 'PASSWORD_RESET'
      ? {
          subject: `Choose your password for the ${APP_NAME}`,
          body: [`Follow this link to choose the password of your ${APP_NAME} account, ${oob.email}.`, `If you did not expect this email, you can ignore it.`],
        }
      : oob.requestType === 'VERIFY_EMAIL'
        ? {
            subject: `Confirm your email for the ${APP_NAME}`,
            body: [`Follow this link to confirm your email address, ${oob.email}.`, `If you did not ask to confirm this address, you can ignore this email.`],
          }
        : oob.requestType === 'EMAIL_SIGNIN'
          ? {
              subject: `Your sign-in link for the ${SUMMIT}`,
              body: [
                `Follow this link to sign in to the ${SUMMIT} website as ${oob.email}. The link works once.`,
                `If you did not ask to sign in, you can ignore this email: nobody can sign in without the link.`,
              ],
            }
          : null;
  if (!lines) return null;
  const [first, last] = lines.body;
  return {
    to: oob.email,
    subject: lines.subject,
    text: `Hello,\n\n${first}\n\n${link}\n\n${last}\n\nThanks,\nThe summit team`,
    html: `<p>Hello,</p><p>${escapeHtml(first)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(last)}</p><p>Thanks,<br>The summit team</p>`,
  };
}

export interface AuthMailerOptions {
  stack: StackAddress;
  smtp: { host: string; port: number };
  siteUrl: string;
  pollMs?: number;
  log?: (line: string) => void;
}

async function listOobCodes(stack: StackAddress): Promise<OobCode[]> {
  const response = await fetch(`http://${stack.auth}/emulator/v1/projects/${stack.projectId}/oobCodes`);
  if (!response.ok) throw new Error(`oobCodes: HTTP ${response.status}`);
  return ((await response.json()) as { oobCodes?: OobCode[] }).oobCodes ?? [];
}

/** Mails every code the emulator issues from now on (codes listed at start were issued before: not again). */
export async function startAuthMailer({ stack, smtp, siteUrl, pollMs = 250, log = () => {} }: AuthMailerOptions) {
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  const seen = new Set((await listOobCodes(stack)).map((c) => c.oobCode));
  const loop = pollEvery(pollMs, async () => {
    try {
      for (const oob of await listOobCodes(stack)) {
        if (seen.has(oob.oobCode)) continue;
        seen.add(oob.oobCode);
        const mail = authMailFor(oob, siteUrl);
        if (!mail) continue;
        await transport.sendMail({ from: DEFAULT_FROM, ...mail }).catch((error: unknown) => log(`[auth-mail] ${oob.email}: ${String(error)}`));
      }
    } catch (error) {
      log(`[auth-mail] poll failed: ${String(error)}`);
    }
  });
  return {
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
