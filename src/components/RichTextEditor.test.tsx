// The editor's toolbar changes the stored document (tiptap JSON), says which formats are on
// (aria-pressed), refuses unsafe link and image addresses, and stores each image's size.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JSONContent } from '@tiptap/react';
import RichTextEditor from './RichTextEditor.tsx';

const paragraph = (text: string): JSONContent => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const START: JSONContent = { type: 'doc', content: [paragraph('Early detection saves lives')] };

/** Like a form: keeps the latest document and hands the editor back a copy, not the same object. */
function Harness({ onDoc, initial = START }: { onDoc: (d: JSONContent) => void; initial?: JSONContent }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <p id="body-label">Body</p>
      <RichTextEditor
        value={value}
        labelledBy="body-label"
        onChange={(d) => {
          setValue(structuredClone(d));
          onDoc(d);
        }}
      />
    </>
  );
}

function setup(initial?: JSONContent) {
  const docs: JSONContent[] = [];
  render(<Harness initial={initial} onDoc={(d) => docs.push(d)} />);
  const area = screen.getByRole('textbox', { name: 'Body' });
  return { area, last: () => docs.at(-1) };
}

/** Selects the text of the first paragraph, as a person dragging over it would. */
function selectFirstParagraph(area: HTMLElement) {
  const range = document.createRange();
  range.selectNodeContents(area.querySelector('p')!);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  act(() => {
    document.dispatchEvent(new Event('selectionchange'));
  });
}

// jsdom has no layout; ProseMirror measures ranges when it scrolls the cursor into view.
beforeAll(() => {
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** jsdom never downloads images: this browser Image loads the given addresses at the given sizes and fails on any other. */
function loadsImages(sizes: Record<string, { width: number; height: number }>) {
  class LoadingImage {
    naturalWidth = 0;
    naturalHeight = 0;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(address: string) {
      setTimeout(() => {
        const size = sizes[address];
        if (!size) return this.onerror?.();
        this.naturalWidth = size.width;
        this.naturalHeight = size.height;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('Image', LoadingImage);
}

describe('RichTextEditor', () => {
  it('is a labelled multi-line textbox with a named formatting toolbar', () => {
    const { area } = setup();
    expect(area).toHaveAttribute('aria-multiline', 'true');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Heading 2', 'Heading 3', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Image']) {
      expect(toolbar).toContainElement(screen.getByRole('button', { name }));
    }
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('Bold makes the selected text bold in the stored document', async () => {
    const { area, last } = setup();
    area.focus();
    selectFirstParagraph(area);
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(last()).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'bold' }], text: 'Early detection saves lives' }] }] }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Bulleted list and Numbered list wrap the paragraph in a list, and say so', async () => {
    const { last } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(last()?.content?.[0]).toEqual({ type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('Early detection saves lives')] }] }));
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(last()?.content?.[0]?.type).toBe('orderedList'));
    expect(screen.getByRole('button', { name: 'Numbered list' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a heading stays where the cursor is when the form hands the document back', async () => {
    const { last } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Heading 2' }));
    await waitFor(() => expect(last()?.content?.[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Early detection saves lives' }] }));
    // Re-applying the copy would move the cursor to the end, out of the heading.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Heading 3' }));
    await waitFor(() => expect(last()?.content?.[0]?.attrs).toEqual({ level: 3 }));
  });

  it('Link adds an https address to the selection and refuses javascript: addresses', async () => {
    const { area, last } = setup();
    area.focus();
    selectFirstParagraph(area);
    vi.spyOn(window, 'prompt').mockReturnValueOnce('javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('status')).toHaveTextContent('links must start with https://, http:// or mailto:');
    expect(last()).toBeUndefined();
    selectFirstParagraph(area);
    vi.spyOn(window, 'prompt').mockReturnValueOnce('https://www.health.go.ke/clinics');
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(last()?.content?.[0]?.content?.[0]?.marks?.[0]).toMatchObject({ type: 'link', attrs: { href: 'https://www.health.go.ke/clinics' } }));
  });

  it('Image inserts an http(s) image with its alt text and its size', async () => {
    loadsImages({ 'https://www.nci.go.ke/walk.jpg': { width: 1600, height: 900 } });
    const { area, last } = setup();
    area.focus();
    vi.spyOn(window, 'prompt').mockReturnValueOnce('https://www.nci.go.ke/walk.jpg').mockReturnValueOnce('Walkers at the start line');
    await userEvent.click(screen.getByRole('button', { name: 'Image' }));
    await waitFor(() => expect(JSON.stringify(last())).toContain('"src":"https://www.nci.go.ke/walk.jpg"'));
    expect(last()?.content?.find((n) => n.type === 'image')?.attrs).toMatchObject({ alt: 'Walkers at the start line', width: 1600, height: 900 });
    expect(screen.getByRole('status')).toHaveTextContent('Image added.');
  });

  it('does not add an image that cannot be loaded, and says why', async () => {
    loadsImages({});
    const { area, last } = setup();
    area.focus();
    vi.spyOn(window, 'prompt').mockReturnValueOnce('https://www.nci.go.ke/missing.jpg').mockReturnValueOnce('A missing picture');
    await userEvent.click(screen.getByRole('button', { name: 'Image' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('nothing could be loaded from that address'));
    expect(last()).toBeUndefined();
  });

  it('refuses an image address that is not http(s)', async () => {
    const { last } = setup();
    vi.spyOn(window, 'prompt').mockReturnValueOnce('data:image/png;base64,AAAA');
    await userEvent.click(screen.getByRole('button', { name: 'Image' }));
    expect(screen.getByRole('status')).toHaveTextContent('its address must start with https:// or http://');
    expect(last()).toBeUndefined();
  });
});
