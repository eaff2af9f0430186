/*
 * Rich text of notes and transcriptions as plain rules: which elements exist (the server's
 * sanitizer keeps exactly these), when a text counts as empty (SPEC §5), how a typed link address
 * becomes one the server keeps, and what the editor's toolbar offers.
 */

/** The elements the server keeps in rich text (docs/api.md "Sources and notes"); the view allows no more. */
export const richTextTags = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ol',
  'ul',
  'li',
  'h2',
  'h3',
  'h4',
  'a',
];

/** Link addresses the server keeps: http(s) and e-mail. */
export const allowedLinkPattern = /^(?:https?:|mailto:)/i;

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const isHex = name[1] === 'x' || name[1] === 'X';
    const code = Number.parseInt(name.slice(isHex ? 2 : 1), isHex ? 16 : 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return namedEntities[name.toLowerCase()] ?? entity;
}

/** Elements whose content is code or styling, not text: dropped whole, as the server's sanitizer does. */
const nonTextElements =
  /<(script|style|textarea|option|noscript|iframe|object|embed|svg|math)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/**
 * The text of rich text with its tags removed and character references read ("a&amp;b" → "a&b"),
 * as the server reads it for the empty-text rule.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(nonTextElements, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => decodeEntity(entity, name))
    .replace(/\s+/g, ' ')
    .trim();
}

/** SPEC §5: a note whose text is nothing once the tags are removed is refused (`common.error.text`). */
export function isRichTextEmpty(html: string): boolean {
  return plainTextOf(html) === '';
}

const schemePattern = /^[a-z][a-z0-9+.-]*:/i;
const emailPattern = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/;

/**
 * A typed link address as one the server keeps: http(s) and mailto as they are, an e-mail address
 * as mailto, a bare address ("www.riksarkivet.se") as https. Any other scheme (javascript:, data:)
 * gives '' (no link).
 */
export function normaliseLinkHref(typed: string): string {
  const href = typed.trim();
  if (href === '') return '';
  if (allowedLinkPattern.test(href)) return href;
  if (schemePattern.test(href) && !/^[^:]+:\d/.test(href)) return '';
  if (emailPattern.test(href)) return `mailto:${href}`;
  return `https://${href.replace(/^\/+/, '')}`;
}

/** The toolbar's controls in their groups (SPEC §3 Note: bold, italic, underline, strike, quote, lists, link, header, indent). */
export const toolbarGroups = [
  ['bold', 'italic', 'underline', 'strike'],
  ['heading2', 'heading3'],
  ['blockquote', 'bulletList', 'orderedList', 'indent', 'outdent'],
  ['link', 'unlink'],
] as const;

export type ToolbarControl = (typeof toolbarGroups)[number][number];

/** What each control makes (the element it wraps the text in; indent nests a list in a list item). */
export const controlElements: Record<ToolbarControl, readonly string[]> = {
  bold: ['strong'],
  italic: ['em'],
  underline: ['u'],
  strike: ['s'],
  heading2: ['h2'],
  heading3: ['h3'],
  blockquote: ['blockquote'],
  bulletList: ['ul', 'li'],
  orderedList: ['ol', 'li'],
  indent: ['ul', 'ol', 'li'],
  outdent: ['ul', 'ol', 'li'],
  link: ['a'],
  unlink: [],
};
