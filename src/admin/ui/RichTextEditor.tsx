// The staff rich-text editor (tiptap). Its value is the tiptap JSON document that RichText.tsx
// renders on the public site, so it offers only what that renderer shows: headings 2 and 3, bold,
// italic, lists, quotes, links and images (their addresses asked in dialogs: RichTextDialogs.tsx).
// It is heavy, so it is only ever loaded lazily, by admin editor pages (see
// src/admin/content/RichTextField.tsx), never by a public page.
import { Editor, type JSONContent } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { naturalSize, type ImageSize } from '../../components/image-size.ts';
import { safeUrl } from '../../components/RichText.tsx';
import { ImageDialog, LinkDialog } from './RichTextDialogs.tsx';

export interface RichTextEditorHandle {
  focus: () => void;
}

export interface RichTextEditorProps {
  value: unknown;
  onChange: (doc: JSONContent) => void;
  onBlur?: () => void;
  /** Id of the visible label that names the writing area. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** Read-only: the content shows, nothing can be changed. */
  disabled?: boolean;
}

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // The public renderer does not show these, so the editor does not offer them.
    codeBlock: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => safeUrl(url) !== null,
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
  Image.configure({ allowBase64: false }),
];

export const EMPTY_DOCUMENT: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

const isDocument = (v: unknown): v is JSONContent => !!v && typeof v === 'object' && (v as JSONContent).type === 'doc';

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: (button: HTMLButtonElement) => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      disabled={disabled}
      // Keep the selection in the writing area while the button is used.
      onMouseDown={(e) => e.preventDefault()}
      onClick={(e) => onClick(e.currentTarget)}
      className={`min-w-9 rounded px-2 py-1 text-sm font-semibold ${pressed ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-brand-50'}`}
    >
      {children}
    </button>
  );
}

/** A link on the selection, or a new linked text (the typed address) at the cursor. */
function addLink(editor: Editor, href: string, typed: string) {
  const chain = editor.chain().extendMarkRange('link');
  if (editor.state.selection.empty && !editor.isActive('link')) {
    chain.insertContent({ type: 'text', text: typed, marks: [{ type: 'link', attrs: { href } }] }).run();
  } else {
    chain.setLink({ href }).run();
  }
}

/** Adds the image once it has loaded, with its size, so the public page reserves its box before it downloads; or says why not. */
async function addImage(editor: Editor, src: string, alt: string, known?: ImageSize): Promise<string | null> {
  const size = known ?? (await naturalSize(src));
  if (!size) return 'That image was not added: nothing could be loaded from that address. Check it opens in a new tab.';
  editor
    .chain()
    .setImage({ src, alt, ...size })
    .run();
  return null;
}

type Dialog = 'link' | 'image';

/** The toolbar: each tool's name, its visible text, whether it is on where the cursor is, and what it does (or the dialog it opens).
 *  A name holds the visible text (WCAG 2.5.3, label in name: "H2" is said to a screen reader as "H2 heading", and is what
 *  someone using speech input says to press it); single letters and symbols (B, I, •, “ ”) are pictures of the tool. */
const TOOLS: Array<{ label: string; text: string; active?: (e: Editor) => boolean } & ({ apply: (e: Editor) => unknown } | { dialog: Dialog })> = [
  { label: 'H2 heading', text: 'H2', active: (e) => e.isActive('heading', { level: 2 }), apply: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'H3 heading', text: 'H3', active: (e) => e.isActive('heading', { level: 3 }), apply: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Bold', text: 'B', active: (e) => e.isActive('bold'), apply: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', text: 'I', active: (e) => e.isActive('italic'), apply: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Bulleted list', text: '• List', active: (e) => e.isActive('bulletList'), apply: (e) => e.chain().focus().toggleBulletList().run() },
  { label: '1. List, numbered', text: '1. List', active: (e) => e.isActive('orderedList'), apply: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', text: '“ ”', active: (e) => e.isActive('blockquote'), apply: (e) => e.chain().focus().toggleBlockquote().run() },
  { label: 'Link', text: 'Link', active: (e) => e.isActive('link'), dialog: 'link' },
  { label: 'Image', text: 'Image', dialog: 'image' },
];

/** The writing area is a labelled multi-line textbox for assistive technology. */
function areaAttributes(labelledBy: string, describedBy: string | undefined, invalid: boolean | undefined): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rich-text min-h-48 px-3 py-2 focus:outline-none',
  };
}

function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  ref,
}: RichTextEditorProps & { ref?: Ref<RichTextEditorHandle> }) {
  const [notice, setNotice] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The toolbar button that opened the dialog: focus goes back to it when the dialog closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  // The document last sent out, as text: the form hands back a copy, not the same object, and
  // re-applying it would move the cursor to the end.
  const emitted = useRef(JSON.stringify(value ?? null));
  // The latest handlers, for the editor's callbacks, which are set once.
  const handlers = useRef({ onChange, onBlur });
  handlers.current = { onChange, onBlur };
  const area = useRef<HTMLDivElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The editor is made and mounted here, not with tiptap's React hook: that hook re-applies its
  // options after renders, from effects and timers, and one landing between keystrokes redrew the
  // document before it had read what was typed.
  const [editor, setEditor] = useState<Editor | null>(null);
  useLayoutEffect(() => {
    const made = new Editor({
      element: area.current,
      extensions: EXTENSIONS,
      content: isDocument(value) ? value : EMPTY_DOCUMENT,
      editable: !disabled,
      editorProps: { attributes: areaAttributes(labelledBy, describedBy, invalid) },
      // The form hears of the document when typing pauses, and at once when the editor loses
      // focus (before any button pressed outside it acts). Telling it at every keystroke
      // re-rendered the whole form inside the editor's input handling.
      onUpdate: () => {
        clearTimeout(pending.current);
        pending.current = setTimeout(emit, 250);
      },
      onBlur: () => {
        emit();
        handlers.current.onBlur?.();
      },
    });
    const emit = () => {
      clearTimeout(pending.current);
      const text = JSON.stringify(made.getJSON());
      if (text === emitted.current) return;
      emitted.current = text;
      handlers.current.onChange(made.getJSON());
    };
    setEditor(made);
    return () => {
      clearTimeout(pending.current);
      made.destroy();
    };
    // Made once; later changes of these reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Error state and descriptions change after the editor exists.
  useEffect(() => {
    editor?.view.setProps({ attributes: areaAttributes(labelledBy, describedBy, invalid) });
  }, [editor, labelledBy, describedBy, invalid]);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value from outside (a loaded document, a reset form) replaces the content.
  useEffect(() => {
    const text = JSON.stringify(value ?? null);
    if (!editor || text === emitted.current) return;
    emitted.current = text;
    editor.commands.setContent(isDocument(value) ? value : EMPTY_DOCUMENT, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  // Which tools are on where the cursor is (aria-pressed); only tools that toggle have a state.
  // Set only when one changes, so typing does not re-render the toolbar at every keystroke.
  const [pressed, setPressed] = useState<boolean[]>([]);
  useEffect(() => {
    if (!editor) return;
    const update = () => {
      const now = TOOLS.map((t) => t.active?.(editor) ?? false);
      setPressed((before) => (now.every((on, i) => on === before[i]) ? before : now));
    };
    update();
    editor.on('transaction', update);
    return () => void editor.off('transaction', update);
  }, [editor]);

  const closeDialog = () => {
    setDialog(null);
    opener.current?.focus();
  };

  return (
    <div className={`mt-1 rounded-md border ${invalid ? 'border-red-700' : 'border-slate-400'}`}>
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1">
        {TOOLS.map((tool, i) => (
          <ToolButton
            key={tool.label}
            label={tool.label}
            pressed={pressed[i]}
            disabled={disabled || !editor}
            onClick={(button) => {
              if (!editor) return;
              if ('apply' in tool) return tool.apply(editor);
              opener.current = button;
              setDialog(tool.dialog);
            }}
          >
            {tool.text}
          </ToolButton>
        ))}
      </div>
      {editor && dialog === 'link' && (
        <LinkDialog
          current={editor.isActive('link') ? (editor.getAttributes('link').href as string) : undefined}
          onSave={(href, typed) => (addLink(editor, href, typed), setNotice('Link added.'))}
          onRemove={() => (editor.chain().extendMarkRange('link').unsetLink().run(), setNotice('Link removed.'))}
          onClose={closeDialog}
        />
      )}
      {editor && dialog === 'image' && (
        <ImageDialog
          onSave={async (src, alt, size) => {
            const refused = await addImage(editor, src, alt, size);
            if (!refused) setNotice('Image added.');
            return refused;
          }}
          onClose={closeDialog}
        />
      )}
      <div ref={area} />
      <p role="status" className="px-3 pb-1 text-sm text-slate-700">
        {notice}
      </p>
    </div>
  );
}

export default RichTextEditor;
