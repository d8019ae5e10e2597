// The e-ticket's files live with the ticket (components/ticket-files.ts), which checkout and
// "my registration" both show; the back office's "payment verified" email attaches the same files.
export { ticketAttachments, ticketEvent, ticketQrDataUrl } from '../../components/ticket-files.ts';
