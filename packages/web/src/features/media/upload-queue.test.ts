import { describe, expect, it } from 'vitest';
import { mediaAccept, mediaUploadBody, refusedBeforeUpload } from './upload-queue.ts';

describe('refusedBeforeUpload', () => {
  it('refuses an empty file', () => {
    expect(refusedBeforeUpload({ size: 0, type: 'image/png' })?.code).toBe('media.error.empty');
  });

  it('refuses an SVG and other types the server does not take', () => {
    expect(refusedBeforeUpload({ size: 10, type: 'image/svg+xml' })?.code).toBe('media.error.unsupportedType');
    expect(refusedBeforeUpload({ size: 10, type: 'text/html' })?.code).toBe('media.error.unsupportedType');
  });

  it('sends images, PDFs and files without a type', () => {
    expect(refusedBeforeUpload({ size: 10, type: 'image/jpeg' })).toBeNull();
    expect(refusedBeforeUpload({ size: 10, type: 'application/pdf' })).toBeNull();
    expect(refusedBeforeUpload({ size: 10, type: '' })).toBeNull();
  });

  it('lets the file picker offer HEIC by name', () => {
    expect(mediaAccept).toContain('.heic');
    expect(mediaAccept).toContain('image/jpeg');
  });
});

describe('mediaUploadBody', () => {
  it('puts the fields before the file, which a streaming server reads last', () => {
    const form = mediaUploadBody(new Blob(['x'], { type: 'image/png' }), 'anna.png', {
      title: 'Anna',
      node: { id: '0190b2d4-0000-7000-8000-000000000001', kind: 'person' },
    });
    expect([...form.keys()]).toEqual(['title', 'nodeId', 'nodeKind', 'file']);
    const file = form.get('file');
    expect(file instanceof File ? file.name : null).toBe('anna.png');
  });

  it('leaves out empty fields', () => {
    const form = mediaUploadBody(new Blob(['x']), 'scan.pdf', { title: '', date: '' });
    expect([...form.keys()]).toEqual(['file']);
  });
});
