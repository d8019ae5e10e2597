// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonDataBlock, readJsonDataBlock } from './json-data-block.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('JSON data blocks', () => {
  it('writes the JSON as an inert script the page can read back by id', () => {
    const tag = jsonDataBlock('page-data', JSON.stringify({ title: 'Programme', day: 3 }));
    expect(tag).toBe('<script type="application/json" id="page-data">{"title":"Programme","day":3}</script>');
    document.body.innerHTML = tag;
    expect(JSON.parse(readJsonDataBlock('page-data')!)).toEqual({ title: 'Programme', day: 3 });
  });

  it('cannot be closed early, nor open a comment, by the text it carries', () => {
    const text = 'Hello </script><script>alert(1)</script> <!-- x';
    const tag = jsonDataBlock('page-data', JSON.stringify({ text }));
    expect(tag.match(/</g)).toHaveLength(2); // its own opening and closing tags only
    document.body.innerHTML = `${tag}<p id="after">after</p>`;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(readJsonDataBlock('page-data')!)).toEqual({ text });
  });

  it('reads null when the block is missing or empty, or there is no document (the server)', () => {
    expect(readJsonDataBlock('page-data')).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="page-data"></script>';
    expect(readJsonDataBlock('page-data')).toBeNull();
    vi.stubGlobal('document', undefined);
    expect(readJsonDataBlock('page-data')).toBeNull();
  });
});
