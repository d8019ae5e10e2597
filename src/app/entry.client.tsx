// The app starts here (scripts/page-loader.ts decides when). React Router's HydratedRouter first
// decodes the state the page carries, and suspends until it has: React can suspend at a root,
// Preact cannot (it would hydrate around a suspended root and leave the page's HTML behind). So
// the router is asked once before hydrating, and hydration waits for the promise it throws.
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

async function routerStateDecoded() {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

void routerStateDecoded().then(() =>
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  ),
);
