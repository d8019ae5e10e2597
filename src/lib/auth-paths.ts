// The staff sign-in page and the page the links in Firebase Auth's emails open (the project's
// custom action URL). Shared by the app and the local stack, which mails the Auth emulator's links.
export const SIGN_IN_PATH = '/admin-login';
export const ACTION_PATH = '/admin-login/action';
