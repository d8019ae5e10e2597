import { useEffect, useRef, useState } from 'react';
import { AdminHeader } from '../../../admin/ui/AdminHeader.tsx';
import { ConfirmButton } from '../../../admin/ui/ConfirmButton.tsx';
import { PagedTable } from '../../../admin/ui/PagedTable.tsx';
import { StatusBadge } from '../../../admin/ui/StatusBadge.tsx';
import { useCursorPages } from '../../../admin/ui/use-cursor-pages.ts';
import { FormAlert } from '../../../components/fields.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { useStaff } from '../../../admin/staff-context.ts';
import { inboxQuery, mayArchiveMessages, replyLink, useArchiveMessage, useSetMessageStatus, type InboxMessage } from './inbox.ts';

export default function MessagesPage() {
  return <Inbox />;
}

function Inbox() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  // The open message is kept whole: with "unread only", reading it takes it off the list.
  const [open, setOpen] = useState<InboxMessage | null>(null);
  const [notice, setNotice] = useState('');
  const { key, fetch } = inboxQuery(unreadOnly);
  const pages = useCursorPages(key, fetch);
  const setStatus = useSetMessageStatus();
  const openButtons = useRef(new Map<string, HTMLButtonElement>());

  const openMessage = (message: InboxMessage) => {
    setNotice('');
    setStatus.reset();
    setOpen(message);
    if (message.status === 'unread') {
      setStatus.mutate({ message, status: 'read' }, { onSuccess: () => setOpen((m) => (m?.id === message.id ? { ...m, status: 'read' } : m)) });
    }
  };
  const close = (focusId?: string) => {
    setOpen(null);
    // Back where the reader left the list, when that row is still there.
    requestAnimationFrame(() => (focusId ? openButtons.current.get(focusId) : null)?.focus());
  };

  return (
    <div>
      <AdminHeader title="Messages" summary="What visitors sent through the contact form, newest first. Opening a message marks it read." />
      {notice && (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {open ? (
        <MessageView
          message={open}
          marking={setStatus.isPending}
          error={setStatus.isError}
          onMarkUnread={() =>
            setStatus.mutate(
              { message: open, status: 'unread' },
              {
                onSuccess: () => {
                  setNotice(`Marked “${open.subject}” unread.`);
                  close(open.id);
                },
              },
            )
          }
          onArchived={() => {
            setNotice(`Archived “${open.subject}”. An administrator can restore it from the Archive screen.`);
            close();
          }}
          onClose={() => close(open.id)}
        />
      ) : (
        <>
          <div className="mt-6 flex items-center gap-2">
            <input id="unread-only" type="checkbox" className="h-4 w-4" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />
            <label htmlFor="unread-only">Show unread messages only</label>
          </div>
          <PagedTable<InboxMessage>
            pages={pages}
            noun="messages"
            empty={unreadOnly ? 'No unread messages.' : 'No messages yet.'}
            caption={unreadOnly ? 'Unread messages, newest first' : 'Messages, newest first'}
            columns={[
              { header: 'Status', cell: (m) => <StatusBadge status={m.status} /> },
              {
                header: 'Subject',
                cell: (m) => (
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) openButtons.current.set(m.id, el);
                      else openButtons.current.delete(m.id);
                    }}
                    className={`text-left text-brand-700 underline ${m.status === 'unread' ? 'font-bold' : ''}`}
                    onClick={() => openMessage(m)}
                  >
                    {m.subject}
                  </button>
                ),
              },
              {
                header: 'From',
                cell: (m) => (
                  <>
                    {m.name}
                    <span className="block text-slate-600">{m.email}</span>
                  </>
                ),
              },
              { header: 'Received', cell: (m) => formatDateTime(m.timestamp), className: 'whitespace-nowrap' },
            ]}
          />
        </>
      )}
    </div>
  );
}

function MessageView({
  message,
  marking,
  error,
  onMarkUnread,
  onArchived,
  onClose,
}: {
  message: InboxMessage;
  marking: boolean;
  error: boolean;
  onMarkUnread: () => void;
  onArchived: () => void;
  onClose: () => void;
}) {
  const { role } = useStaff();
  const archive = useArchiveMessage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [message.id]);
  return (
    <article className="mt-6 max-w-3xl rounded-lg border border-slate-200 p-6" aria-labelledby="message-subject">
      <button type="button" className="text-sm font-medium text-brand-700 underline" onClick={onClose}>
        ← Back to messages
      </button>
      <h2 id="message-subject" ref={heading} tabIndex={-1} className="mt-3">
        {message.subject}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">From</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="font-semibold">Received</dt>
        <dd>{formatDateTime(message.timestamp)}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          <StatusBadge status={message.status} />
        </dd>
      </dl>
      <p className="mt-4 whitespace-pre-wrap break-words text-slate-900">{message.message}</p>
      {(error || archive.isError) && (
        <div className="mt-4">
          <FormAlert>
            {archive.isError
              ? 'The message could not be archived. Check your connection and try again.'
              : 'The message status could not be saved. Check your connection and try again.'}
          </FormAlert>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <a className="btn-primary" href={replyLink(message)}>
          Reply
        </a>
        <button type="button" className="btn-secondary" disabled={marking || message.status === 'unread'} onClick={onMarkUnread}>
          Mark unread
        </button>
        {mayArchiveMessages(role) && (
          <ConfirmButton
            question={`Archive “${message.subject}” from ${message.name}?`}
            confirmLabel="Archive message"
            disabled={archive.isPending}
            onConfirm={() => archive.mutate(message, { onSuccess: onArchived })}
          >
            Archive
          </ConfirmButton>
        )}
      </div>
    </article>
  );
}
