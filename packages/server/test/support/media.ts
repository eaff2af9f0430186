import sharp from 'sharp';
import type { TestClient, TestResponse } from './client.ts';

/** A multipart/form-data body: the fields, then one `file` part. */
export function multipart(
  fields: Record<string, string>,
  file: { name: string; type?: string; bytes: Buffer } | null,
): { body: Buffer; contentType: string } {
  const boundary = `----anor${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function upload<T = unknown>(
  client: TestClient,
  treeId: string,
  file: { name: string; type?: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<TestResponse<T>> {
  const { body, contentType } = multipart(fields, file);
  return client.request<T>('POST', `/api/${treeId}/media`, new Uint8Array(body), {
    'content-type': contentType,
    ...headers,
  });
}

/** A small JPEG of one colour; `orientation` writes that EXIF orientation. */
export function jpeg(width = 64, height = 48, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

export function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 40 } } })
    .png()
    .toBuffer();
}

/** A tiny PNG whose header claims `width`×`height` pixels: a decompression bomb's header (the data is one row). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 1));
  // IHDR starts at 8 + 8: width and height are its first 8 bytes; its CRC follows the 13 data bytes.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  const { crc32 } = await import('node:zlib');
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)) >>> 0, 29);
  return bytes;
}

export const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A whole one-page PDF (`width`×`height` points) with a red rectangle drawn on it: a PDF with a first page to draw. */
export function pdfPage(width = 300, height = 400): Buffer {
  const content = `0.8 0.1 0.1 rg ${width / 6} ${height / 8} ${width / 1.5} ${height / 1.3} re f`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
