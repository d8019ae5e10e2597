// What an email may carry: inline content only, base64, with a file name and one of the types the
// product sends. nodemailer, and the Trigger Email extension that hands it production's
// attachments, reads an attachment's `path` as a local file or a URL and fetches an `href`: from
// the sender's side, a file read and a server-side request. firestore.rules' attachment() checks
// the same (a unit test reads it there) and the local mail worker checks it again before sending.
import type { MailAttachment } from './mail-render.ts';

export const ATTACHMENT_TYPES = ['image/png', 'text/calendar', 'application/pdf'] as const;
export const ATTACHMENT_KEYS = ['filename', 'content', 'encoding', 'contentType', 'cid'] as const;
export const ATTACHMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
export const ATTACHMENT_CID = /^[A-Za-z0-9._-]{1,64}$/;

/** A file name an attachment may carry: `INV/2027/0001` → `INV-2027-0001`, at most 120 characters. */
export function attachmentName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '');
  return (safe || 'attachment').slice(0, 120);
}

/** Why `a` may not travel as an attachment, or null when it may. */
export function attachmentProblem(a: unknown): string | null {
  if (!a || typeof a !== 'object' || Array.isArray(a)) return 'is not an object';
  const extra = Object.keys(a).filter((k) => !(ATTACHMENT_KEYS as readonly string[]).includes(k));
  if (extra.length) return `has ${extra.map((k) => `'${k}'`).join(', ')}: only inline content travels`;
  const { filename, content, encoding, contentType, cid } = a as MailAttachment;
  if (typeof filename !== 'string' || !ATTACHMENT_NAME.test(filename)) return 'has no plain file name';
  if (typeof content !== 'string' || encoding !== 'base64') return 'is not base64 content';
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(String(contentType))) return `is of type ${JSON.stringify(contentType)}`;
  if (cid !== undefined && (typeof cid !== 'string' || !ATTACHMENT_CID.test(cid))) return 'has an odd content id';
  return null;
}

/** The attachments as they may be sent; throws, naming the first that may not. */
export function inlineAttachments(list: unknown): MailAttachment[] | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) throw new Error('Attachments must be a list.');
  list.forEach((a, i) => {
    const problem = attachmentProblem(a);
    if (problem) throw new Error(`Attachment ${i + 1} ${problem}; not sent.`);
  });
  return list as MailAttachment[];
}
