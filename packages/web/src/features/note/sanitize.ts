import DOMPurify from 'dompurify';
import { allowedLinkPattern, richTextTags } from './rich-text.ts';

/*
 * Stored rich text was sanitized by the server already; the view sanitizes it once more with the
 * same allow-list (defence in depth: an older row, a future bug), and makes every link open in a
 * new tab without handing over the opener.
 */

const purifier = DOMPurify();

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

/** The HTML as nodes with only the rich-text elements, and links only to http(s) and e-mail addresses. */
export function sanitizeRichText(html: string): DocumentFragment {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: richTextTags,
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: allowedLinkPattern,
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  });
}
