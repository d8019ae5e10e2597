import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydratedForm } from './HydratedForm.tsx';

const form = (
  <HydratedForm aria-label="Contact" className="grid gap-4">
    <label>
      Email <input name="email" />
    </label>
    <button type="submit">Send</button>
  </HydratedForm>
);

describe('HydratedForm', () => {
  it('is disabled in the prerendered HTML, so it cannot submit natively before the script arrives', () => {
    const html = renderToString(form);
    expect(html).toMatch(/<fieldset disabled="" class="min-w-0 grid gap-4">/);
    expect(html).toContain('This form needs JavaScript');
  });

  it('works once the page runs in the browser', () => {
    render(form);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
