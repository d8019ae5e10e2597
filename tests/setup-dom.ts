import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // A tab's storage (the register page's step) belongs to one test, as a fresh tab's would.
  sessionStorage.clear();
});
