import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import {
  RichTextEditor as MantineRichTextEditor,
  type RichTextEditorLabels,
  useRichTextEditorContext,
} from '@mantine/tiptap';
import { IconIndentDecrease, IconIndentIncrease } from '@tabler/icons-react';
import Link from '@tiptap/extension-link';
import { Placeholder } from '@tiptap/extensions';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseLinkHref, type ToolbarControl, toolbarGroups } from './rich-text.ts';

export interface RichTextEditorProps {
  /** The text as HTML ('' for none). */
  value: string;
  /** Called with the new HTML on every change ('' when the editor is empty). */
  onChange: (html: string) => void;
  label?: string;
  placeholder?: string;
  /** A translated error text shown under the editor (and announced). */
  error?: string;
  /** On the root; the editable area has `${testId}-content`, toolbar buttons `${testId}-<control>`. */
  'data-testid'?: string;
}

/**
 * A link as the server keeps it (SPEC §3): a typed address is made an http(s) or mailto address,
 * anything else is refused, and every link opens in a new tab. Ctrl/Cmd+K opens the link editor.
 */
const NoteLink = Link.extend({
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        window.dispatchEvent(new Event('edit-link'));
        return true;
      },
    };
  },
  addCommands() {
    const inherited = this.parent?.();
    return {
      ...inherited,
      setLink: (attributes) => (props) => {
        const href = normaliseLinkHref(attributes.href);
        if (href === '' || !inherited?.setLink) return false;
        return inherited.setLink({ ...attributes, href, target: '_blank' })(props);
      },
    };
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
});

/** "Indent": a list item into a list of its own under the item above; "outdent" brings it back. */
function ListLevelControl({ direction, testId }: { direction: 'indent' | 'outdent'; testId: string }) {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const isPossible = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      if (!current || current.isDestroyed) return false;
      return direction === 'indent' ? current.can().sinkListItem('listItem') : current.can().liftListItem('listItem');
    },
  });
  const label = direction === 'indent' ? t('notes.editor.indent') : t('notes.editor.outdent');
  const Icon = direction === 'indent' ? IconIndentIncrease : IconIndentDecrease;
  return (
    <MantineRichTextEditor.Control
      onClick={() => {
        const chain = editor?.chain().focus();
        if (direction === 'indent') chain?.sinkListItem('listItem').run();
        else chain?.liftListItem('listItem').run();
      }}
      disabled={!isPossible}
      aria-label={label}
      title={label}
      data-testid={`${testId}-${direction}`}
    >
      <Icon aria-hidden size={16} stroke={1.5} />
    </MantineRichTextEditor.Control>
  );
}

/** One toolbar button (SPEC §3 Note's formats), as `toolbarGroups` lists them. */
function ToolbarButton({ control, testId }: { control: ToolbarControl; testId: string }) {
  const props = { 'data-testid': `${testId}-${control}` };
  switch (control) {
    case 'bold':
      return <MantineRichTextEditor.Bold {...props} />;
    case 'italic':
      return <MantineRichTextEditor.Italic {...props} />;
    case 'underline':
      return <MantineRichTextEditor.Underline {...props} />;
    case 'strike':
      return <MantineRichTextEditor.Strikethrough {...props} />;
    case 'heading2':
      return <MantineRichTextEditor.H2 {...props} />;
    case 'heading3':
      return <MantineRichTextEditor.H3 {...props} />;
    case 'blockquote':
      return <MantineRichTextEditor.Blockquote {...props} />;
    case 'bulletList':
      return <MantineRichTextEditor.BulletList {...props} />;
    case 'orderedList':
      return <MantineRichTextEditor.OrderedList {...props} />;
    case 'indent':
    case 'outdent':
      return <ListLevelControl direction={control} testId={testId} />;
    case 'link':
      return <MantineRichTextEditor.Link {...props} initialExternal />;
    case 'unlink':
      return <MantineRichTextEditor.Unlink {...props} />;
  }
}

function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      boldControlLabel: t('notes.editor.bold'),
      italicControlLabel: t('notes.editor.italic'),
      underlineControlLabel: t('notes.editor.underline'),
      strikeControlLabel: t('notes.editor.strike'),
      h2ControlLabel: t('notes.editor.heading2'),
      h3ControlLabel: t('notes.editor.heading3'),
      blockquoteControlLabel: t('notes.editor.blockquote'),
      bulletListControlLabel: t('notes.editor.bulletList'),
      orderedListControlLabel: t('notes.editor.orderedList'),
      linkControlLabel: t('notes.editor.link'),
      unlinkControlLabel: t('notes.editor.unlink'),
      linkEditorInputLabel: t('notes.editor.linkAddress'),
      linkEditorInputPlaceholder: t('notes.editor.linkPlaceholder'),
      linkEditorExternalLink: t('notes.editor.linkNewTab'),
      linkEditorInternalLink: t('notes.editor.linkNewTab'),
      linkEditorSave: t('notes.editor.linkSave'),
    }),
    [t],
  );
}

/**
 * The rich-text editor of notes and transcriptions (Mantine's Tiptap editor): bold, italic,
 * underline, strike, headings, quote, bullet and numbered lists with indent and outdent, links.
 * Only what the server keeps can be made. Loaded lazily: use the `RichTextEditor` of `index.ts`
 * inside `<Suspense fallback={<RichTextEditorFallback />}>`.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  placeholder,
  error,
  'data-testid': testId = 'rich-text-editor',
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const labelId = useId();
  const errorId = useId();
  // The last HTML this editor reported: a `value` that differs came from outside and replaces the content.
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: false,
      }),
      NoteLink,
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: value,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const attributes: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'data-testid': `${testId}-content`,
    };
    if (label) attributes['aria-labelledby'] = labelId;
    else attributes['aria-label'] = t('notes.editor.text');
    if (error) {
      attributes['aria-invalid'] = 'true';
      attributes['aria-describedby'] = errorId;
    }
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, label, labelId, error, errorId, testId, t]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      error={error}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <MantineRichTextEditor
        editor={editor}
        labels={labels}
        withCodeHighlightStyles={false}
        styles={{
          // Every link opens in a new tab (the server sets it so): no choice to offer.
          linkEditorExternalControl: { display: 'none' },
          root: error ? { borderColor: 'var(--mantine-color-error)' } : undefined,
          content: { minHeight: 160 },
        }}
        data-testid={testId}
      >
        <MantineRichTextEditor.Toolbar sticky stickyOffset={0} aria-label={t('notes.editor.toolbar')} role="toolbar">
          {toolbarGroups.map((group) => (
            <MantineRichTextEditor.ControlsGroup key={group.join()}>
              {group.map((control) => (
                <ToolbarButton key={control} control={control} testId={testId} />
              ))}
            </MantineRichTextEditor.ControlsGroup>
          ))}
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
    </Input.Wrapper>
  );
}
