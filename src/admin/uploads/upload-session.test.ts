import { describe, expect, it } from 'vitest';
import { fileUrl } from '../../lib/storage-urls.ts';
import { fakeScaler, fakeUploader } from './fake-uploads.test-support.ts';
import { objectsNamed, UploadSession } from './upload-session.ts';

const F = 'content/speakers/s1/';
const OLD = 'aaaaaaaaaaaaaaaaaaaa';
const NEW = 'bbbbbbbbbbbbbbbbbbbb';
const url = (id: string, folder = F) => fileUrl(`${folder}${id}-960.webp`);

describe('an editor’s upload session', () => {
  it('finds our files in the record’s folder anywhere in its values, rich text included', () => {
    const values = {
      photoUrl: url(OLD),
      body: { type: 'doc', content: [{ type: 'image', attrs: { src: url(NEW) } }] },
      other: url('cccccccccccccccccccc', 'content/speakers/s2/'),
      foreign: 'https://example.org/a-960.webp',
    };
    expect([...objectsNamed(values, F)].sort()).toEqual([`${F}${OLD}-320.webp`, `${F}${OLD}-960.webp`, `${F}${NEW}-320.webp`, `${F}${NEW}-960.webp`].sort());
  });

  it('deletes the replaced file after the save, not before', async () => {
    const uploader = fakeUploader();
    const session = new UploadSession(F, uploader, fakeScaler(), { photoUrl: url(OLD) });
    session.uploaded([`${F}${NEW}-320.webp`, `${F}${NEW}-960.webp`]);
    expect(uploader.removed).toEqual([]);
    await session.saved({ photoUrl: url(NEW) });
    expect(uploader.removed.sort()).toEqual([`${F}${OLD}-320.webp`, `${F}${OLD}-960.webp`]);
    // Leaving afterwards deletes nothing more: the new file is the record's.
    await session.discarded();
    expect(uploader.removed).toHaveLength(2);
  });

  it('deletes what was uploaded but never saved when the editor is left, keeping the stored file', async () => {
    const uploader = fakeUploader();
    const session = new UploadSession(F, uploader, fakeScaler(), { photoUrl: url(OLD) });
    session.uploaded([`${F}${NEW}-320.webp`, `${F}${NEW}-960.webp`]);
    await session.discarded();
    expect(uploader.removed.sort()).toEqual([`${F}${NEW}-320.webp`, `${F}${NEW}-960.webp`]);
  });

  it('deletes a removed file on save, never a file of another record pasted in', async () => {
    const uploader = fakeUploader();
    const elsewhere = url('cccccccccccccccccccc', 'content/speakers/s2/');
    const session = new UploadSession(F, uploader, fakeScaler(), { photoUrl: elsewhere, logo: url(OLD) });
    await session.saved({ photoUrl: '', logo: '' });
    expect(uploader.removed.sort()).toEqual([`${F}${OLD}-320.webp`, `${F}${OLD}-960.webp`]);
  });
});
