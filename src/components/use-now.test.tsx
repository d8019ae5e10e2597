import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLoaderConfigTag } from '../lib/page-loader.ts';
import { useNow } from './use-now.ts';

function Deadline({ closes }: { closes: Date }) {
  return <p>{closes > useNow() ? 'Open' : 'Closed'}</p>;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useNow', () => {
  it('hydrates with the time the build rendered by, then shows the visitor’s: a tender closed since the build reads Closed, without a mismatch', async () => {
    const builtAt = Date.now() - 3_600_000;
    const closes = new Date(Date.now() - 60_000); // open when built, closed now
    document.body.innerHTML = pageLoaderConfigTag({ version: 1, versionUrl: 'http://db.test/x', builtAt });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Deadline closes={closes} />);
    document.body.appendChild(container);
    expect(container.textContent).toBe('Open');
    const mismatches = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Deadline closes={closes} />, { onRecoverableError: mismatches });
    });
    expect(container.textContent).toBe('Closed');
    expect(mismatches).not.toHaveBeenCalled();
  });
});
