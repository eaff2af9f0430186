import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, isKey, type MediaStorage, type S3Settings } from './storage.ts';

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Media files in an S3-compatible object store (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_PREFIX), for several instances sharing one store. The bucket must exist.
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: a stream sent with a trailing checksum (aws-chunked) is
    // not understood by every S3-compatible server (s3rver stored the chunk framing with the bytes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    assertKey(key);
    return `${settings.prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, body, size) {
      // A stream needs its length announced; without one it is read into memory first (derived versions are small).
      let payload: Buffer | Readable = body;
      let length = size;
      if (!Buffer.isBuffer(body) && length === undefined) {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        payload = Buffer.concat(chunks);
      }
      if (Buffer.isBuffer(payload)) length = payload.length;
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: payload, ContentLength: length }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        const body = answer.Body;
        if (!body) return null;
        const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
        return { stream, size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: settings.prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = (object.Key ?? '').slice(settings.prefix.length);
          if (isKey(key)) yield { key, modified: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
