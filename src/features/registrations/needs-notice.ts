// Who reads the accessibility and dietary needs a form asks for (health data, sensitive under Kenya's
// Data Protection Act): the tier src/admin/permissions.ts gives SENSITIVE_DATA, said in the words
// attendees know, under every field that asks for them (registering, correcting).
export const NEEDS_SEEN_BY = 'Only the organisers and the registration desk see it.';
