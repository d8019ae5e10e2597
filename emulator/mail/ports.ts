// MailDev's ports on the local stack, in one place: SMTP (the worker sends there) and its web UI
// and REST API (where a developer reads every email: http://localhost:1080).
export const MAIL_PORTS = { smtp: 1025, web: 1080 };
