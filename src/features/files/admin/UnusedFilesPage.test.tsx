import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffScreen } from '../../../../tests/render-staff.tsx';
import { UploadServices } from '../../../admin/uploads/upload-session.ts';
import { fakeScaler, fakeUploader, type FakeUploader } from '../../../admin/uploads/fake-uploads.test-support.ts';
import { fileUrl } from '../../../lib/storage-urls.ts';

const A = 'aaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbb';
const S1 = 'content/speakers/s1/';

const fake = vi.hoisted(() => ({
  objects: [] as string[],
  docs: {} as Record<string, Array<Record<string, unknown>>>,
  read: [] as string[],
  logs: [] as string[],
  failList: false,
  uploaded: {} as Record<string, Date | null>,
}));

vi.mock('../../../lib/data.ts', () => ({
  db: {
    fetchDocuments: async (path: string, options: { orderBy?: unknown }) => {
      // Unordered: a document without a timestamp is read too.
      expect(options.orderBy).toBeNull();
      fake.read.push(path);
      return fake.docs[path] ?? [];
    },
    recordActivity: async (message: string) => {
      fake.logs.push(message);
      return 'log-1';
    },
  },
}));

vi.mock('./stored-objects.ts', () => ({
  UPLOAD_PREFIXES: ['content/', 'settings/cpd/'],
  listObjects: async (prefix: string) => {
    if (fake.failList) throw new Error('storage/unauthorized');
    return fake.objects.filter((o) => o.startsWith(prefix));
  },
  uploadTimes: async (names: string[]) => names.map((n) => fake.uploaded[n] ?? null),
}));

const { default: UnusedFilesPage } = await import('./UnusedFilesPage.tsx');

let uploader: FakeUploader;
function Screen() {
  return (
    <UploadServices.Provider value={{ uploader, scaler: fakeScaler() }}>
      <UnusedFilesPage />
    </UploadServices.Provider>
  );
}

beforeEach(() => {
  uploader = fakeUploader();
  // Deleting through the uploader: the object leaves the bucket.
  const remove = uploader.remove.bind(uploader);
  uploader.remove = async (name) => {
    await remove(name);
    fake.objects = fake.objects.filter((o) => o !== name);
  };
  fake.objects = [`${S1}${A}-320.webp`, `${S1}${A}-960.webp`, `${S1}${B}-320.webp`, `${S1}${B}-960.webp`, 'content/tenders/t1/cccccccccccccccccccc.pdf'];
  fake.docs = {
    speakers: [{ id: 's1', name: 'Dr Amina', photoUrl: fileUrl(`${S1}${A}-960.webp`) }],
    'archive/tenders/items': [{ id: 't1', documents: [{ url: fileUrl('content/tenders/t1/cccccccccccccccccccc.pdf') }] }],
  };
  // Uploaded two days ago, except where a test says otherwise.
  const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  fake.uploaded = Object.fromEntries(fake.objects.map((o) => [o, old]));
  fake.read = [];
  fake.logs = [];
  fake.failList = false;
});

describe('unused files', () => {
  it('lists the files no record names, by record folder, with a link to open each', async () => {
    renderStaffScreen(Screen, { role: 'admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading unused files…');
    const table = await screen.findByRole('table', { name: 'Files no record names' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual([`${B}-320.webp`, `${B}-960.webp`]);
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveTextContent('speakers / s1');
    expect(within(rows[1]).getByRole('link', { name: `Open ${B}-960.webp` })).toHaveAttribute('href', fileUrl(`${S1}${B}-960.webp`));
    // Every record that may name a file: content, archived copies, settings.
    expect(fake.read).toEqual(expect.arrayContaining(['speakers', 'archive/speakers/items', 'archive/tenders/items', 'events', 'settings']));
  });

  it('deletes one file after confirming, and logs it', async () => {
    renderStaffScreen(Screen, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${B}-960.webp (speakers / s1)` }));
    const dialog = screen.getByRole('alertdialog', { name: `Delete ${B}-960.webp?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText(`Deleted ${S1}${B}-960.webp.`)).toBeInTheDocument();
    expect(uploader.removed).toEqual([`${S1}${B}-960.webp`]);
    expect(fake.logs).toEqual([`Deleted unused file ${S1}${B}-960.webp`]);
    // The list is read again: only the 320 image is left.
    expect(await screen.findByRole('button', { name: 'Delete all 1 unused file uploaded more than a day ago' })).toBeInTheDocument();
  });

  it('deletes all of them after confirming, in one log line, then says none are left', async () => {
    renderStaffScreen(Screen, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete all 2 unused files uploaded more than a day ago' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete all 2 unused files uploaded more than a day ago?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(uploader.removed).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete all 2 unused files uploaded more than a day ago' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete 2 unused files' }));
    expect(await screen.findByText('No unused files: every file in storage is named by a record.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Deleted 2 unused files.');
    expect(uploader.removed.sort()).toEqual([`${S1}${B}-320.webp`, `${S1}${B}-960.webp`]);
    expect(fake.logs).toEqual([`Deleted 2 unused files: ${S1}${B}-320.webp, ${S1}${B}-960.webp`]);
  });

  it('marks a file uploaded in the last day (an editor may not have saved yet) and leaves it out of Delete all', async () => {
    fake.uploaded[`${S1}${B}-960.webp`] = new Date(Date.now() - 60_000);
    fake.uploaded[`${S1}${B}-320.webp`] = null;
    renderStaffScreen(Screen, { role: 'admin' });
    const table = await screen.findByRole('table', { name: 'Files no record names' });
    const rows = within(table).getAllByRole('row').slice(1);
    for (const row of rows) expect(row).toHaveTextContent('In the last day: may be in an editor not saved yet.');
    expect(rows[0]).toHaveTextContent('unknown');
    expect(screen.queryByRole('button', { name: /^Delete all/ })).toBeNull();
    expect(screen.getByText('Every file listed was uploaded in the last day: it may belong to an editor not saved yet.')).toBeInTheDocument();
    // One by one, an administrator who knows may still delete it.
    expect(screen.getByRole('button', { name: `Delete ${B}-960.webp (speakers / s1)` })).toBeEnabled();
  });

  it('says so when a file could not be deleted', async () => {
    uploader.remove = async () => {
      throw Object.assign(new Error('Forbidden'), { code: 'storage/unauthorized' });
    };
    renderStaffScreen(Screen, { role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${B}-320.webp (speakers / s1)` }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 unused file could not be deleted.');
    expect(fake.logs).toEqual([]);
  });

  it('shows an error with a retry when storage cannot be listed', async () => {
    fake.failList = true;
    renderStaffScreen(Screen, { role: 'admin' });
    expect(await screen.findByText(/We could not load the unused files/)).toBeInTheDocument();
    fake.failList = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Files no record names' })).toBeInTheDocument();
  });
});
