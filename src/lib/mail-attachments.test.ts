import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_CID,
  ATTACHMENT_KEYS,
  ATTACHMENT_NAME,
  ATTACHMENT_TYPES,
  attachmentName,
  attachmentProblem,
  inlineAttachments,
} from './mail-attachments.ts';

const pdf = { filename: 'INV-0001.pdf', content: 'JVBERi0=', encoding: 'base64', contentType: 'application/pdf' };

describe('mail attachments', () => {
  it('are the very keys, types and patterns firestore.rules checks', () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    const body = rules.slice(rules.indexOf('function attachment(a)'), rules.indexOf('function attachment(a)') + 800);
    expect(body).toContain(`a.keys().hasOnly([${ATTACHMENT_KEYS.map((k) => `'${k}'`).join(', ')}])`);
    expect(body).toContain(`a.contentType in [${ATTACHMENT_TYPES.map((k) => `'${k}'`).join(', ')}]`);
    expect(body).toContain(`a.filename.matches('${ATTACHMENT_NAME.source}')`);
    expect(body).toContain(`a.cid.matches('${ATTACHMENT_CID.source}')`);
  });

  it('let the product’s own through: a PDF, a QR image by content id, a calendar file', () => {
    expect(attachmentProblem(pdf)).toBeNull();
    expect(attachmentProblem({ filename: 'ticket-qr.png', content: 'iVBO', encoding: 'base64', contentType: 'image/png', cid: 'ticket-qr' })).toBeNull();
    expect(inlineAttachments([pdf, { ...pdf, filename: 'summit.ics', contentType: 'text/calendar' }])).toHaveLength(2);
    expect(inlineAttachments(undefined)).toBeUndefined();
  });

  it.each<[string, unknown, RegExp]>([
    ['a local file', { filename: 'x.pdf', path: '/etc/passwd' }, /has 'path': only inline content travels/],
    ['an address to fetch', { ...pdf, href: 'http://169.254.169.254/' }, /has 'href'/],
    ['raw MIME', { raw: 'Content-Type: text/html' }, /has 'raw'/],
    ['markup', { ...pdf, filename: 'pay.html', contentType: 'text/html' }, /is of type "text\/html"/],
    ['text, not base64', { ...pdf, encoding: 'utf8' }, /is not base64 content/],
    ['a path for a name', { ...pdf, filename: '../../etc/passwd' }, /has no plain file name/],
    ['a line break in a name', { ...pdf, filename: 'a.pdf\r\nBcc: x@example.org' }, /has no plain file name/],
    ['an odd content id', { ...pdf, cid: '<x>' }, /has an odd content id/],
    ['not an object', 'x', /is not an object/],
  ])('refuse %s', (_, a, reason) => {
    expect(attachmentProblem(a)).toMatch(reason);
    expect(() => inlineAttachments([pdf, a])).toThrow(/^Attachment 2 /);
  });

  it('name a file plainly', () => {
    expect(attachmentName('INV/2027/0001.pdf')).toBe('INV-2027-0001.pdf');
    expect(attachmentName('../x.pdf')).toBe('x.pdf');
    expect(attachmentName('')).toBe('attachment');
    expect(attachmentName('a'.repeat(200))).toHaveLength(120);
    expect(ATTACHMENT_NAME.test(attachmentName('Certificate of Attendance (2027).pdf'))).toBe(true);
  });
});
