// The editor's toolbar changes the stored document (tiptap JSON), says which formats are on
// (aria-pressed), refuses unsafe link and image addresses, and stores each image's size.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import RichTextEditor from './RichTextEditor.tsx';
import { fakeScaler, fakeUploader, fileOf, PNG_HEAD } from '../uploads/fake-uploads.test-support.ts';
import { UploadSession, UploadSessionContext } from '../uploads/upload-session.ts';

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

function setup(initial?: JSONContent, uploads: UploadSession | null = null) {
  const docs: JSONContent[] = [];
  render(
    <UploadSessionContext value={uploads}>
      <Harness initial={initial} onDoc={(d) => docs.push(d)} />
    </UploadSessionContext>,
  );
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
    for (const name of ['H2 heading', 'H3 heading', 'Bold', 'Italic', 'Bulleted list', '1. List, numbered', 'Quote', 'Link', 'Image']) {
      expect(toolbar).toContainElement(screen.getByRole('button', { name }));
    }
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('names each tool with the words it shows (label in name), a single letter or a symbol excepted', () => {
    setup();
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
    const buttons = within(screen.getByRole('toolbar', { name: 'Formatting' })).getAllByRole('button');
    for (const button of buttons) {
      const shown = words(button.textContent ?? '');
      if (shown.length <= 1) continue;
      expect(` ${words(button.getAttribute('aria-label') ?? '')} `).toContain(` ${shown} `);
    }
    expect(buttons.filter((b) => words(b.textContent ?? '').length > 1)).toHaveLength(6);
  });

  it('Bold makes the selected text bold in the stored document', async () => {
    const { area, last } = setup();
    area.focus();
    selectFirstParagraph(area);
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() =>
      expect(last()).toEqual({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'bold' }], text: 'Early detection saves lives' }] }],
      }),
    );
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Bulleted list and numbered list wrap the paragraph in a list, and say so', async () => {
    const { last } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() =>
      expect(last()?.content?.[0]).toEqual({ type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('Early detection saves lives')] }] }),
    );
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '1. List, numbered' }));
    await waitFor(() => expect(last()?.content?.[0]?.type).toBe('orderedList'));
    expect(screen.getByRole('button', { name: '1. List, numbered' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a heading stays where the cursor is when the form hands the document back', async () => {
    const { last } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'H2 heading' }));
    await waitFor(() =>
      expect(last()?.content?.[0]).toEqual({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Early detection saves lives' }] }),
    );
    // Re-applying the copy would move the cursor to the end, out of the heading.
    await waitFor(() => expect(screen.getByRole('button', { name: 'H2 heading' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'H3 heading' }));
    await waitFor(() => expect(last()?.content?.[0]?.attrs).toEqual({ level: 3 }));
  });
});

const LINKED: JSONContent = {
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'Clinics', marks: [{ type: 'link', attrs: { href: 'https://www.health.go.ke/clinics' } }] }] },
  ],
};

/** Opens a toolbar tool's dialog from the keyboard: focus on its button, then Enter. */
async function openByKeyboard(user: ReturnType<typeof userEvent.setup>, tool: 'Link' | 'Image') {
  const button = screen.getByRole('button', { name: tool });
  button.focus();
  await user.keyboard('{Enter}');
  return button;
}

describe('the link dialog', () => {
  it('is a labelled modal dialog, with focus in the address field', async () => {
    const user = userEvent.setup();
    setup();
    // Opened as a modal (tests/setup-dom.ts gives jsdom's <dialog> the browser's open state).
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    await openByKeyboard(user, 'Link');
    const dialog = screen.getByRole('dialog', { name: 'Add a link' });
    expect(showModal).toHaveBeenCalledTimes(1);
    showModal.mockRestore();
    expect(dialog.tagName).toBe('DIALOG');
    const field = screen.getByRole('textbox', { name: 'Link address' });
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Links must start with https://, http:// or mailto:.');
  });

  it('links the selection to an https address typed and sent with Enter, then gives focus back to the Link button', async () => {
    const user = userEvent.setup();
    const { area, last } = setup();
    area.focus();
    selectFirstParagraph(area);
    const button = await openByKeyboard(user, 'Link');
    await user.keyboard('https://www.health.go.ke/clinics{Enter}');
    await waitFor(() =>
      expect(last()?.content?.[0]?.content?.[0]?.marks?.[0]).toMatchObject({ type: 'link', attrs: { href: 'https://www.health.go.ke/clinics' } }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Link added.');
  });

  it('adds the typed address as linked text where the cursor is when nothing is selected', async () => {
    const user = userEvent.setup();
    const { last } = setup({ type: 'doc', content: [{ type: 'paragraph' }] });
    await openByKeyboard(user, 'Link');
    await user.keyboard('mailto:info@nci.go.ke{Enter}');
    await waitFor(() =>
      expect(last()?.content?.[0]?.content?.[0]).toMatchObject({
        text: 'mailto:info@nci.go.ke',
        marks: [{ type: 'link', attrs: { href: 'mailto:info@nci.go.ke' } }],
      }),
    );
  });

  it.each([
    ['javascript:alert(1)', 'That address was not added. Links must start with https://, http:// or mailto:.'],
    ['data:text/html,<b>hi</b>', 'That address was not added. Links must start with https://, http:// or mailto:.'],
    ['www.health.go.ke', 'That address was not added. Links must start with https://, http:// or mailto:.'],
    ['/about', 'That address was not added. Links must start with https://, http:// or mailto:.'],
    ['https://', 'That address was not added. Links must start with https://, http:// or mailto:.'],
    ['   ', 'Enter the link’s address.'],
  ])('refuses %j with a message on the field, keeping the dialog open and the document unchanged', async (typed, message) => {
    const user = userEvent.setup();
    const { area, last } = setup();
    area.focus();
    selectFirstParagraph(area);
    await openByKeyboard(user, 'Link');
    await user.keyboard(`${typed.replace(/[{[]/g, (c) => c + c)}{Enter}`);
    const field = screen.getByRole('textbox', { name: 'Link address' });
    expect(await screen.findByText(message)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(last()).toBeUndefined();
  });

  it('Escape cancels: nothing changes and focus returns to the Link button', async () => {
    const user = userEvent.setup();
    const { area, last } = setup();
    area.focus();
    selectFirstParagraph(area);
    const button = await openByKeyboard(user, 'Link');
    await user.keyboard('https://www.health.go.ke');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(last()).toBeUndefined();
  });

  it('Cancel, reached with Tab, cancels too', async () => {
    const user = userEvent.setup();
    const { last } = setup();
    const button = await openByKeyboard(user, 'Link');
    await user.keyboard('https://www.health.go.ke');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(last()).toBeUndefined();
  });

  it('edits the link at the cursor, showing its address, and can remove it', async () => {
    const user = userEvent.setup();
    const { area, last } = setup(LINKED);
    area.focus();
    selectFirstParagraph(area);
    await openByKeyboard(user, 'Link');
    expect(screen.getByRole('dialog', { name: 'Edit link' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Link address' });
    expect(field).toHaveValue('https://www.health.go.ke/clinics');
    await user.clear(field);
    await user.type(field, 'https://www.nci.go.ke{Enter}');
    await waitFor(() => expect(last()?.content?.[0]?.content?.[0]?.marks?.[0]?.attrs?.href).toBe('https://www.nci.go.ke/'));
    selectFirstParagraph(area);
    const button = await openByKeyboard(user, 'Link');
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(last()?.content?.[0]?.content?.[0]?.marks ?? []).toEqual([]));
    expect(button).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Link removed.');
  });

  it('Enter in the dialog never submits the form the editor sits in', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={submitted}>
        <Harness onDoc={() => {}} />
      </form>,
    );
    await openByKeyboard(user, 'Link');
    await user.keyboard('nonsense{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Link address' }));
    await user.keyboard('https://www.nci.go.ke{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submitted).not.toHaveBeenCalled();
  });
});

describe('the image dialog', () => {
  it('inserts an http(s) image with its alt text and its size, typed by keyboard, then gives focus back to the Image button', async () => {
    loadsImages({ 'https://www.nci.go.ke/walk.jpg': { width: 1600, height: 900 } });
    const user = userEvent.setup();
    const { area, last } = setup();
    area.focus();
    const button = await openByKeyboard(user, 'Image');
    expect(screen.getByRole('dialog', { name: 'Add an image' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Image address' })).toHaveFocus();
    await user.keyboard('https://www.nci.go.ke/walk.jpg');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Description (alt text)' })).toHaveFocus();
    await user.keyboard('Walkers at the start line{Enter}');
    await waitFor(() => expect(JSON.stringify(last())).toContain('"src":"https://www.nci.go.ke/walk.jpg"'));
    expect(last()?.content?.find((n) => n.type === 'image')?.attrs).toMatchObject({ alt: 'Walkers at the start line', width: 1600, height: 900 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Image added.');
  });

  it('inserts an uploaded image (its 960 address and size, no download to measure it) only with its alt text', async () => {
    loadsImages({});
    const uploader = fakeUploader();
    const session = new UploadSession('content/publications/p1/', uploader, fakeScaler({ width: 2000, height: 1000 }), null);
    const user = userEvent.setup();
    const { area, last } = setup(undefined, session);
    area.focus();
    await openByKeyboard(user, 'Image');
    const dialog = screen.getByRole('dialog', { name: 'Add an image' });
    await user.upload(within(dialog).getByLabelText('Image: file'), fileOf('walk.png', 'image/png', PNG_HEAD));
    const address = within(dialog).getByRole('textbox', { name: 'Image address' }) as HTMLInputElement;
    await waitFor(() => expect(address.value).toMatch(/content%2Fpublications%2Fp1%2F[a-z0-9]{20}-960\.webp\?alt=media$/));
    await user.click(within(dialog).getByRole('button', { name: 'Add image' }));
    expect(await within(dialog).findByText('Describe the image for people who cannot see it.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Description (alt text)' })).toHaveFocus();
    await user.keyboard('Walkers at the start line{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(JSON.stringify(last())).toContain('"type":"image"'));
    const image = last()?.content?.find((n) => n.type === 'image');
    expect(image?.attrs).toMatchObject({ src: address.value, alt: 'Walkers at the start line', width: 960, height: 480 });
    expect(uploader.stored).toHaveLength(2);
  });

  it('asks for both fields when sent empty, focusing the first', async () => {
    const user = userEvent.setup();
    const { last } = setup();
    await openByKeyboard(user, 'Image');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter the image’s address.')).toBeVisible();
    expect(screen.getByText('Describe the image for people who cannot see it.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Image address' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Description (alt text)' })).toHaveAttribute('aria-invalid', 'true');
    expect(last()).toBeUndefined();
  });

  it.each(['data:image/png;base64,AAAA', 'mailto:info@nci.go.ke', 'javascript:alert(1)', 'walk.jpg'])('refuses the address %j', async (typed) => {
    const user = userEvent.setup();
    const { last } = setup();
    await openByKeyboard(user, 'Image');
    await user.keyboard(typed);
    await user.tab();
    await user.keyboard('A picture{Enter}');
    expect(await screen.findByText('That image was not added. Image addresses must start with https:// or http://.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Image address' })).toHaveFocus();
    expect(last()).toBeUndefined();
  });

  it('refuses a description over 250 characters', async () => {
    const user = userEvent.setup();
    setup();
    await openByKeyboard(user, 'Image');
    await user.keyboard('https://www.nci.go.ke/walk.jpg');
    await user.tab();
    await user.paste('x'.repeat(251));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Keep the description to 250 characters.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Description (alt text)' })).toHaveFocus();
  });

  it('keeps the dialog open and says why when the image cannot be loaded', async () => {
    loadsImages({});
    const user = userEvent.setup();
    const { last } = setup();
    await openByKeyboard(user, 'Image');
    await user.keyboard('https://www.nci.go.ke/missing.jpg');
    await user.tab();
    await user.keyboard('A missing picture{Enter}');
    expect(await screen.findByText(/nothing could be loaded from that address/)).toBeVisible();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Image address' })).toHaveFocus();
    expect(last()).toBeUndefined();
  });

  it('Escape cancels and gives focus back to the Image button', async () => {
    const user = userEvent.setup();
    const { last } = setup();
    const button = await openByKeyboard(user, 'Image');
    await user.keyboard('https://www.nci.go.ke/walk.jpg{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(last()).toBeUndefined();
  });
});
