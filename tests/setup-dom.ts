import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has <dialog> but not its modal methods; these keep its `open` state as a browser does
// (src/admin/ui/ModalDialog.tsx opens every modal with showModal).
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

afterEach(() => {
  cleanup();
  // A tab's storage (the register page's step) belongs to one test, as a fresh tab's would.
  sessionStorage.clear();
});
