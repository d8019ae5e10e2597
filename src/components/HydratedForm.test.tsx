import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydratedForm, typedBeforeHydration } from './HydratedForm.tsx';

const form = (
  <HydratedForm id="contact-form" aria-label="Contact" className="grid gap-4">
    <label>
      Email <input name="email" />
    </label>
    <button type="submit">Send</button>
  </HydratedForm>
);

describe('HydratedForm', () => {
  it('is disabled in the prerendered HTML, so it cannot submit natively before the script arrives', () => {
    const html = renderToString(form);
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('fieldset')?.disabled).toBe(true);
    expect(page.querySelector('fieldset')?.className).toBe('min-w-0 grid gap-4');
    expect(html).toContain('This form needs JavaScript');
  });

  it('works once the page runs in the browser', () => {
    render(form);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('typedBeforeHydration', () => {
  /** The form as prerendered, then changed by a visitor before the app ran. */
  function page(change: (form: HTMLFormElement) => void) {
    document.body.innerHTML = `<form id="register">
      <input name="fullName"><input name="email" type="email" value="">
      <input name="role" value="Nurse"><input name="staff" type="number" value="2">
      <textarea name="needs"></textarea>
      <select name="category"><option value="delegate" selected>Delegate</option><option value="student">Student</option></select>
      <select name="attendance"><option value="">Choose…</option><option value="online">Online</option></select>
      <select name="empty"></select>
      <input name="consent" type="checkbox"><input name="updates" type="checkbox" checked>
      <input name="mode" type="radio" value="in-person" checked><input name="mode" type="radio" value="virtual">
      <input type="text" value="no name">
    </form>`;
    change(document.getElementById('register') as HTMLFormElement);
  }
  const field = <T extends Element>(form: HTMLFormElement, name: string) => form.elements.namedItem(name) as unknown as T;

  it('is empty when nothing was typed, on the server, and for a form not in the page', () => {
    page(() => {});
    expect(typedBeforeHydration('register')).toEqual({});
    expect(typedBeforeHydration('register', undefined)).toEqual({});
    expect(typedBeforeHydration('contact')).toEqual({});
    document.body.innerHTML = '<div id="register"></div>';
    expect(typedBeforeHydration('register')).toEqual({});
  });

  it('carries each changed field by name: text as typed (spaces and all), numbers as text, choices, ticks', () => {
    page((form) => {
      field<HTMLInputElement>(form, 'fullName').value = '  Wanjiru Kamau ';
      field<HTMLInputElement>(form, 'staff').value = '5';
      field<HTMLTextAreaElement>(form, 'needs').value = 'Wheelchair\naccess';
      field<HTMLSelectElement>(form, 'category').value = 'student';
      field<HTMLInputElement>(form, 'consent').checked = true;
      field<HTMLInputElement>(form, 'updates').checked = false;
      (form.querySelector('input[value="virtual"]') as HTMLInputElement).checked = true;
    });
    expect(typedBeforeHydration('register')).toEqual({
      fullName: '  Wanjiru Kamau ',
      staff: '5',
      needs: 'Wheelchair\naccess',
      category: 'student',
      consent: true,
      updates: false,
      mode: 'virtual',
    });
  });

  it('leaves out a select showing its first option because none is marked selected', () => {
    page((form) => {
      field<HTMLSelectElement>(form, 'attendance').value = '';
    });
    expect(typedBeforeHydration('register')).toEqual({});
    page((form) => {
      field<HTMLSelectElement>(form, 'attendance').value = 'online';
    });
    expect(typedBeforeHydration('register')).toEqual({ attendance: 'online' });
  });

  it('carries a field cleared by the visitor, and leaves out one changed and changed back', () => {
    page((form) => {
      field<HTMLInputElement>(form, 'role').value = '';
      field<HTMLInputElement>(form, 'email').value = 'a@b.co';
      field<HTMLInputElement>(form, 'email').value = '';
    });
    expect(typedBeforeHydration('register')).toEqual({ role: '' });
  });
});
