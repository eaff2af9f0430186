import sanitizeHtml from 'sanitize-html';

/**
 * The one gate for rich text (notes, transcriptions): only the formatting the editor makes
 * (SPEC §3: bold, italic, underline, strike, quote, ordered and bullet lists, link, header,
 * indent as nested lists) survives. No script, style, event handler, iframe, image or
 * `javascript:`/`data:` address is ever stored. Links get a safe target and rel.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'ol',
    'ul',
    'li',
    'h2',
    'h3',
    'h4',
    'a',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text of dropped elements stays, except where it is code or styling.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The text a reader sees, without tags: a note is empty when this is (SPEC §5). */
export function plainTextOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x')
    .trim();
}
