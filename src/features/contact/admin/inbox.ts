// The contact inbox's data: messages from /contact, newest first, and the staff actions on them.
import { mayRemove, type Role } from '../../../admin/permissions.ts';
import { useStaffMove, useStaffWrites } from '../../../admin/use-staff-action.ts';
import { db } from '../../../lib/data.ts';
import type { WithId } from '../../../lib/db.ts';
import type { MessageStatus } from '../../../data/statuses.ts';
import type { MessageDocument } from '../schema.ts';
import { adminKey, keysShowing } from '../../../data/query-keys.ts';

export type InboxMessage = WithId<MessageDocument & { timestamp: Date }>;

export const INBOX_PAGE_SIZE = 25;
const inboxKey = adminKey('messages');
// What else shows messages: the overview's unread count and the archive's list.
const touched = [...keysShowing('messages'), ['overview', 'messages']];

/** Newest first; with `unreadOnly`, production needs the composite index status ASC + timestamp DESC (firestore.indexes.json). */
export const inboxQuery = (unreadOnly: boolean) => ({
  key: [...inboxKey, 'inbox', { unreadOnly }],
  fetch: (after: Parameters<typeof db.fetchPage>[1]['after']) =>
    db.fetchPage<InboxMessage>('messages', { where: unreadOnly ? [['status', '==', 'unread']] : [], limit: INBOX_PAGE_SIZE, after }),
});

/** A subject as the activity log quotes it: short enough for the log's 500 characters. */
export const quoted = (subject: string) => `'${subject.length > 80 ? `${subject.slice(0, 79)}…` : subject}'`;

/** "Re: …" once, however often the conversation has gone back and forth. */
export function replyLink(m: Pick<InboxMessage, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(m.subject.trim()) ? m.subject.trim() : `Re: ${m.subject.trim()}`;
  return `mailto:${encodeURIComponent(m.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

export function useSetMessageStatus() {
  return useStaffWrites<{ message: InboxMessage; status: MessageStatus }>({
    writes: ({ message, status }) => [{ update: `messages/${message.id}`, data: { status } }],
    log: ({ message, status }) =>
      status === 'read'
        ? `Read message ${quoted(message.subject)} from ${message.email}`
        : `Marked message ${quoted(message.subject)} from ${message.email} unread`,
    invalidate: touched,
  });
}

export function useArchiveMessage() {
  return useStaffMove<InboxMessage>({
    move: (message) => ({ collection: 'messages', id: message.id, to: 'archive' }),
    log: (message) => `Archived message ${quoted(message.subject)} from ${message.email}`,
    invalidate: touched,
  });
}

export const mayArchiveMessages = (role: Role) => mayRemove(role, 'messages');
