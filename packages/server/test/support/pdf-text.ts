import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF as a reader would copy it, page by page (pdfjs-dist, Mozilla's PDF reader):
 * what the tests of the reports look for, since a PDF's own bytes hold its text as compressed
 * glyph ids, not as letters.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; text: string }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join('')
        .normalize('NFC'),
    );
  }
  await document.destroy();
  return { pages, text: pages.join('\n') };
}
