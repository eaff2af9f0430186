import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A PDF's first page as an image (issue 22), for its thumbnail and screen version: libvips here has
 * no PDF loader (`sharp.format.pdf`), so the page is drawn by pdf.js (pdfjs-dist, its legacy build
 * for Node) on @napi-rs/canvas (a prebuilt Skia, no system packages). Bounded: the page is drawn at
 * most `maxSide` pixels on its longer side whatever its size in points, and the work is abandoned
 * after `timeoutMs`; either way a PDF that cannot be drawn is still stored, with the PDF icon
 * instead of a preview (null). Runs in the server's process: pdf.js has no worker thread in Node.
 */

const require = createRequire(import.meta.url);
/** pdf.js's standard fonts (for PDFs that name a base font without embedding it). */
const standardFonts = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function renderPdfFirstPage(
  file: string,
  { maxSide = 1600, timeoutMs = 15_000 }: { maxSide?: number; timeoutMs?: number } = {},
): Promise<Buffer | null> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(await readFile(file)),
    verbosity: 0,
    isEvalSupported: false,
    standardFontDataUrl: standardFonts,
    // No network, no scripts: only the page's drawing.
    disableAutoFetch: true,
    disableStream: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const render = (async () => {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) return null;
    const scale = Math.min(maxSide / base.width, maxSide / base.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(width, height);
    // A white page under the drawing (a PDF page has no background of its own).
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas, canvasContext: context, viewport } as never).promise;
    const png = canvas.toBuffer('image/png');
    factory.destroy({ canvas, context });
    return png;
  })();
  try {
    return await Promise.race([render.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}

interface CanvasFactory {
  create(
    width: number,
    height: number,
  ): {
    canvas: { toBuffer(type: 'image/png'): Buffer };
    context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
  };
  destroy(pair: unknown): void;
}
