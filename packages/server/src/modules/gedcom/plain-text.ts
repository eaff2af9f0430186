/**
 * GEDCOM notes and transcriptions are plain text; Anor's are the rich-text editor's HTML. A line
 * becomes a paragraph (an empty line an empty paragraph), so that export gives back the same
 * lines. What this makes needs no sanitizing: every character of the text is escaped.
 */
export function plainTextToHtml(text: string): string {
  let html = '';
  for (const line of text.split('\n')) html += line === '' ? '<p></p>' : `<p>${escapeHtml(line)}</p>`;
  return html;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => escapes[character] as string);
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

const blockTags = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'div', 'ul', 'ol']);

/**
 * The text of stored HTML for a GEDCOM note: a paragraph, heading, list item or quote is a line,
 * `<br>` a line break, a link keeps its address after its text. The inverse of plainTextToHtml.
 */
export function htmlToPlainText(html: string): string {
  const lines: string[] = [];
  let current = '';
  let open = false;
  const tokens = html.split(/(<[^>]*>)/);
  let link: string | null = null;
  let justOpened = false;
  for (const token of tokens) {
    if (token === '') continue;
    if (token[0] !== '<') {
      current += unescapeHtml(token);
      open = true;
      justOpened = false;
      continue;
    }
    const match = /^<\s*(\/?)\s*([a-z0-9]+)([^>]*)>$/i.exec(token);
    if (!match) continue;
    const closing = match[1] === '/';
    const tag = (match[2] as string).toLowerCase();
    if (tag === 'br') {
      lines.push(current);
      current = '';
      open = false;
    } else if (tag === 'a' && !closing) {
      link = /href\s*=\s*"([^"]*)"/i.exec(match[3] ?? '')?.[1] ?? null;
    } else if (tag === 'a' && closing) {
      if (link !== null && !current.endsWith(unescapeHtml(link))) current += ` (${unescapeHtml(link)})`;
      link = null;
    } else if (blockTags.has(tag)) {
      // A block ends a line when it held text, or when it was empty itself (`<p></p>`: an empty line).
      if (open || (closing && justOpened)) lines.push(current);
      current = '';
      open = false;
      justOpened = !closing;
      continue;
    }
    justOpened = false;
  }
  if (current !== '' || open) lines.push(current);
  return lines.join('\n');
}
