import { describe, expect, it } from 'vitest';
import { fakeScaler, fakeUploader, fileOf, JPEG_HEAD, PDF_HEAD, PNG_HEAD } from './fake-uploads.test-support.ts';
import { uploadFile, UploadRefused } from './upload-flow.ts';

const FOLDER = 'content/sponsors/s1/';
const options = (uploader = fakeUploader()) => ({
  folder: FOLDER,
  uploader,
  scaler: fakeScaler({ width: 500, height: 250 }),
  signal: new AbortController().signal,
});

describe('uploadFile', () => {
  it('stores an image’s web sizes under one new id and answers the 960 one’s address, with the sizes made', async () => {
    const o = options();
    const result = await uploadFile(fileOf('a.jpg', 'image/jpeg', JPEG_HEAD), { ...o, kind: 'image' });
    expect(result.names).toHaveLength(2);
    const [small, large] = result.names;
    expect(small).toMatch(/^content\/sponsors\/s1\/([a-z0-9]{20})-320\.webp$/);
    expect(large).toBe(small.replace('-320.webp', '-960.webp'));
    expect(result.url).toContain(encodeURIComponent(large));
    expect(result.sizes?.variants).toEqual([
      { width: 320, height: 160 },
      { width: 500, height: 250 },
    ]);
  });

  it('stores a PDF as {id}.pdf', async () => {
    const result = await uploadFile(fileOf('a.pdf', 'application/pdf', PDF_HEAD), { ...options(), kind: 'document' });
    expect(result.names).toEqual([expect.stringMatching(/^content\/sponsors\/s1\/[a-z0-9]{20}\.pdf$/)]);
  });

  it('refuses by content before anything is sent', async () => {
    const uploader = fakeUploader();
    await expect(uploadFile(fileOf('a.pdf', 'application/pdf', PNG_HEAD), { ...options(uploader), kind: 'document' })).rejects.toThrow(UploadRefused);
    expect(uploader.stored).toEqual([]);
  });

  it('deletes the parts already stored when a later one fails', async () => {
    const uploader = fakeUploader();
    const upload = uploader.upload.bind(uploader);
    let calls = 0;
    uploader.upload = (...args) => (++calls === 2 ? Promise.reject(new Error('network')) : upload(...args));
    await expect(uploadFile(fileOf('a.png', 'image/png', PNG_HEAD), { ...options(uploader), kind: 'image' })).rejects.toThrow('network');
    expect(uploader.stored).toHaveLength(1);
    expect(uploader.removed).toEqual(uploader.stored);
  });
});
