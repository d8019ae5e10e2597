// The upload control with a fake network and scaler: a file chosen or dropped is checked, scaled,
// uploaded with progress and fills the field; refused files upload nothing; cancel stores nothing;
// a lost connection is said while the upload carries on; replace and remove leave deleting to the
// save; everything works from the keyboard.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MiB } from '../../data/upload-limits.ts';
import { fileUrl } from '../../lib/storage-urls.ts';
import { fakeScaler, fakeUploader, fileOf, HTML_HEAD, JPEG_HEAD, PDF_HEAD, PNG_HEAD, type FakeUploader } from './fake-uploads.test-support.ts';
import { FileUpload, STALL_MS } from './FileUpload.tsx';
import type { UploadKind } from './upload-flow.ts';
import { UploadSession } from './upload-session.ts';

const FOLDER = 'content/speakers/s1/';
const OLD = fileUrl(`${FOLDER}aaaaaaaaaaaaaaaaaaaa-960.webp`);

function Harness({ kind = 'image', initial = '', session }: { kind?: UploadKind; initial?: string; session: UploadSession }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FileUpload kind={kind} label="Photo" value={value} onChange={setValue} session={session} />
      <span data-testid="value">{value}</span>
    </>
  );
}

function setup({ kind, initial = '' }: { kind?: UploadKind; initial?: string } = {}) {
  const uploader = fakeUploader();
  const session = new UploadSession(FOLDER, uploader, fakeScaler(), { photoUrl: initial });
  render(<Harness kind={kind} initial={initial} session={session} />);
  const user = userEvent.setup({ applyAccept: false });
  return { uploader, session, user, input: screen.getByLabelText('Photo: file') as HTMLInputElement, value: () => screen.getByTestId('value').textContent };
}

const png = () => fileOf('portrait.png', 'image/png', PNG_HEAD);
const storedNames = (u: FakeUploader) => u.stored.map((n) => n.replace(/[a-z0-9]{20}/, 'ID'));

afterEach(() => vi.useRealTimers());

describe('the upload control', () => {
  it('uploads a chosen image in its web sizes, shows progress, then the preview, and fills the field', async () => {
    const { uploader, user, input, value } = setup();
    uploader.holding = true;
    await user.upload(input, png());
    const bar = await screen.findByRole('progressbar', { name: 'Uploading Photo' });
    expect(bar).toHaveAttribute('max');
    expect(value()).toBe('');
    uploader.holding = false;
    await act(async () => uploader.release());
    await waitFor(() => expect(value()).toMatch(/-960\.webp\?alt=media$/));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(storedNames(uploader)).toEqual([`${FOLDER}ID-320.webp`, `${FOLDER}ID-960.webp`]);
    expect(screen.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', value());
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded portrait.png. Web sizes made: 320 × 240 and 960 × 720 pixels (from 1600 × 1200).');
    expect(screen.getByLabelText('or paste the image’s address')).toHaveValue(value());
  });

  it('takes a file dropped on it', async () => {
    const { uploader, value } = setup({ kind: 'document' });
    const zone = screen.getByRole('button', { name: 'Choose a PDF…' }).closest('[data-dropzone]')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('terms.pdf', 'application/pdf', PDF_HEAD)] } });
    await waitFor(() => expect(value()).toMatch(/\.pdf\?alt=media$/));
    expect(storedNames(uploader)).toEqual([`${FOLDER}ID.pdf`]);
    expect(screen.getByRole('link', { name: /\.pdf$/ })).toHaveAttribute('href', value());
  });

  it.each([
    ['an HTML page named .png', () => fileOf('photo.png', 'image/png', HTML_HEAD), 'That file is not a JPEG, PNG or WebP image. Nothing was uploaded.'],
    ['a PDF as an image', () => fileOf('photo.pdf', 'application/pdf', PDF_HEAD), 'That file is not a JPEG, PNG or WebP image. Nothing was uploaded.'],
    [
      'an image too big',
      () => fileOf('big.jpg', 'image/jpeg', JPEG_HEAD, Math.round(12.4 * MiB)),
      'That file is 12.4 MB; the limit for images is 10 MB. Nothing was uploaded.',
    ],
  ])('refuses %s, saying why, and uploads nothing', async (_, file, message) => {
    const { uploader, user, input, value } = setup();
    await user.upload(input, file());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(uploader.stored).toEqual([]);
    expect(value()).toBe('');
  });

  it('refuses a certificate logo over the PDF’s limit with that limit', async () => {
    const { uploader, user, input } = setup({ kind: 'logo' });
    await user.upload(input, fileOf('logo.png', 'image/png', PNG_HEAD, 400 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('That file is 400 KB; the limit for the certificate logo is 300 KB.');
    expect(uploader.stored).toEqual([]);
  });

  it('keeps the original of a certificate logo and names it', async () => {
    const { uploader, user, input, value } = setup({ kind: 'logo' });
    await user.upload(input, png());
    await waitFor(() => expect(value()).toMatch(/-orig\.png\?alt=media$/));
    expect(storedNames(uploader)).toEqual([`${FOLDER}ID-320.webp`, `${FOLDER}ID-960.webp`, `${FOLDER}ID-orig.png`]);
  });

  it('says a failed upload and leaves the field as it was', async () => {
    const { uploader, user, input, value } = setup({ initial: OLD });
    uploader.failNext = true;
    await user.upload(input, png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload failed. Check your connection and choose the file again.');
    expect(value()).toBe(OLD);
  });

  it('cancels an upload: nothing is stored and the field keeps its value', async () => {
    const { uploader, user, input, value } = setup({ initial: OLD });
    uploader.holding = true;
    await user.upload(input, png());
    await user.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Upload cancelled. Nothing was stored.');
    expect(uploader.stored).toEqual([]);
    expect(value()).toBe(OLD);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says a lost connection while the upload waits, and carries on when it is back', async () => {
    const { uploader, user, input, value } = setup();
    uploader.holding = true;
    await user.upload(input, png());
    await screen.findByRole('progressbar');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('Connection lost — retrying…');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('status')).not.toHaveTextContent('Connection lost');
    uploader.holding = false;
    await act(async () => uploader.release());
    await waitFor(() => expect(value()).toMatch(/-960\.webp/));
  });

  it('says a stalled upload is retrying, until progress comes again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { uploader, user, input, value } = setup();
    uploader.holding = true;
    await user.upload(input, png());
    await screen.findByRole('progressbar');
    act(() => void vi.advanceTimersByTime(STALL_MS + 10));
    expect(screen.getByRole('status')).toHaveTextContent('Connection lost — retrying…');
    uploader.holding = false;
    await act(async () => uploader.release());
    await waitFor(() => expect(value()).toMatch(/-960\.webp/));
    expect(screen.getByRole('status')).toHaveTextContent('Uploaded portrait.png.');
  });

  it('replaces an image with a new name; the old one is deleted only once the record is saved', async () => {
    const { uploader, session, user, input, value } = setup({ initial: OLD });
    expect(screen.getByRole('button', { name: 'Replace image…' })).toBeInTheDocument();
    await user.upload(input, png());
    await waitFor(() => expect(value()).not.toBe(OLD));
    expect(uploader.removed).toEqual([]);
    await session.saved({ photoUrl: value() });
    expect(uploader.removed.sort()).toEqual([`${FOLDER}aaaaaaaaaaaaaaaaaaaa-320.webp`, `${FOLDER}aaaaaaaaaaaaaaaaaaaa-960.webp`]);
  });

  it('removes the image from the field (deleted when saved) and keeps the address field for one hosted elsewhere', async () => {
    const { uploader, session, user, value } = setup({ initial: OLD });
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(value()).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('Image removed. Save to keep this change.');
    expect(screen.getByRole('button', { name: 'Choose an image…' })).toHaveFocus();
    await user.type(screen.getByLabelText('or paste the image’s address'), 'https://example.org/p.jpg');
    expect(value()).toBe('https://example.org/p.jpg');
    await session.saved({ photoUrl: value() });
    expect(uploader.removed).toHaveLength(2);
  });

  it('works from the keyboard: the chooser opens the file picker, remove is a button', async () => {
    const { user } = setup({ initial: OLD });
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    await user.tab();
    expect(screen.getByRole('button', { name: 'Replace image…' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove image' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('value')).toHaveTextContent('');
    click.mockRestore();
  });

  it('is a labelled group whose file input is named', () => {
    setup();
    expect(screen.getByRole('group', { name: 'Photo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Photo: file')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  });
});
