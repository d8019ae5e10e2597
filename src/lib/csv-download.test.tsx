// downloadFile in a browser document: the file is offered under its name and type, and its
// object URL is released afterwards (a long export session would otherwise hold every file).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './csv.ts';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

describe('downloadFile', () => {
  it('clicks a link named for the file, removes it, and revokes the URL a second later', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:summit/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
    downloadFile('registrations.csv', 'a,b\r\n', 'text/csv;charset=utf-8');
    expect(clicked).toEqual([{ href: 'blob:summit/1', download: 'registrations.csv', attached: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0].text()).toBe('a,b\r\n');
    vi.advanceTimersByTime(999);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:summit/1');
  });
});
