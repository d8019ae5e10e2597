// The app starts here (scripts/build/page-loader.ts decides when) and hydrates the whole document.
// React reports a hydration mismatch through onRecoverableError, whose default logs it to the
// console, where the e2e tests' guard (e2e/test.ts) fails on it.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

hydrateRoot(
  document,
  <StrictMode>
    <HydratedRouter />
  </StrictMode>,
);
