import { describe, expect, it } from 'vitest';
import { contentFolder, CPD_LOGO_FOLDER, newUploadId, objectName, uploadObjects, UPLOAD_ID_LENGTH } from './storage-paths.ts';

const ID = 'abcdefghij0123456789';

describe('object names', () => {
  it('puts a record’s files in its folder', () => {
    expect(contentFolder('speakers', 'Ab_c-1')).toBe('content/speakers/Ab_c-1/');
    expect(objectName(contentFolder('sponsors', 'x'), ID, { variant: '960', ext: 'webp' })).toBe(`content/sponsors/x/${ID}-960.webp`);
    expect(objectName(contentFolder('tenders', 't1'), ID, { ext: 'pdf' })).toBe(`content/tenders/t1/${ID}.pdf`);
    expect(objectName(CPD_LOGO_FOLDER, ID, { variant: 'orig', ext: 'png' })).toBe(`settings/cpd/${ID}-orig.png`);
  });

  it('refuses other collections, odd record ids and upload ids', () => {
    expect(() => contentFolder('registrations' as never, 'x')).toThrow();
    expect(() => contentFolder('speakers', '../x')).toThrow();
    expect(() => contentFolder('speakers', '')).toThrow();
    expect(() => objectName(CPD_LOGO_FOLDER, 'short', { ext: 'pdf' })).toThrow();
  });

  it('makes upload ids of 20 characters from [a-z0-9], uniformly (bytes from 252 up are skipped)', () => {
    for (let i = 0; i < 50; i++) expect(newUploadId()).toMatch(new RegExp(`^[a-z0-9]{${UPLOAD_ID_LENGTH}}$`));
    let call = 0;
    const fixed = (b: Uint8Array) => b.fill(call++ === 0 ? 255 : 37);
    expect(newUploadId(fixed)).toBe('b'.repeat(20));
  });

  it('knows every object one upload made from the one a record names', () => {
    const f = 'content/speakers/s1/';
    expect(uploadObjects(`${f}${ID}-960.webp`)).toEqual([`${f}${ID}-320.webp`, `${f}${ID}-960.webp`]);
    expect(uploadObjects(`settings/cpd/${ID}-orig.jpg`)).toEqual([`settings/cpd/${ID}-orig.jpg`, `settings/cpd/${ID}-320.webp`, `settings/cpd/${ID}-960.webp`]);
    expect(uploadObjects(`${f}${ID}.pdf`)).toEqual([`${f}${ID}.pdf`]);
    expect(uploadObjects(`${f}photo.png`)).toEqual([]);
    expect(uploadObjects(`${f}${ID}-320.webp`)).toEqual([]);
  });
});
