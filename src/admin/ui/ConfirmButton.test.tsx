import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './ConfirmButton.tsx';

describe('ConfirmButton', () => {
  it('is named by its text, or by its label when given (a row action naming whom it acts on)', async () => {
    const onConfirm = vi.fn();
    render(
      <>
        <ConfirmButton question="Archive it?" confirmLabel="Archive" onConfirm={() => {}}>
          Archive
        </ConfirmButton>
        <ConfirmButton label="Revoke the certificate of Daniel Kiprono" question="Revoke it?" confirmLabel="Revoke certificate" onConfirm={onConfirm}>
          Revoke
        </ConfirmButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    const revoke = screen.getByRole('button', { name: 'Revoke the certificate of Daniel Kiprono' });
    expect(revoke).toHaveTextContent('Revoke');
    await userEvent.click(revoke);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    expect(onConfirm).toHaveBeenCalledWith('');
    expect(revoke).toHaveFocus();
  });

  it('names its two answers so they cannot be mistaken: keeping closes without acting, focus back on the opener', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmButton
        question="Cancel the registration of Amina?"
        confirmLabel="Cancel the registration"
        dismissLabel="Keep the registration"
        onConfirm={onConfirm}
      >
        Cancel
      </ConfirmButton>,
    );
    const opener = screen.getByRole('button', { name: 'Cancel' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel the registration of Amina?' });
    expect(screen.getByRole('button', { name: 'Keep the registration' })).toHaveFocus();
    expect(dialog).not.toHaveTextContent(/Cancel it|^Cancel$/);
    await userEvent.click(screen.getByRole('button', { name: 'Keep the registration' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('is the native modal <dialog> (the browser makes the page behind inert and keeps Tab inside); Escape closes it', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const onConfirm = vi.fn();
    render(
      <ConfirmButton question="Archive the message?" confirmLabel="Archive message" onConfirm={onConfirm}>
        Archive
      </ConfirmButton>,
    );
    const opener = screen.getByRole('button', { name: 'Archive' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Archive the message?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledTimes(1);
    showModal.mockRestore();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });
});
