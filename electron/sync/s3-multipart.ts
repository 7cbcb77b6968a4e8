// SPDX-License-Identifier: MIT
import { createHash } from 'node:crypto';
import type * as S3 from '@aws-sdk/client-s3';
import { SyncError } from './sync-error';

/**
 * Parts of 8 MiB (S3 wants at least 5 MiB for every part but the last). A body of one part or less
 * goes up in a single PUT; a larger one (a segment holding one huge output) goes as parts, so a
 * dropped connection costs one part's retry, not the whole object's.
 */
export const PART_BYTES = 8 * 1024 * 1024;

const md5 = (bytes: Uint8Array): Buffer => createHash('md5').update(bytes).digest();
const unquote = (etag: string | undefined): string | undefined => etag?.replaceAll('"', '');

interface Target {
  readonly client: S3.S3Client;
  readonly sdk: typeof S3;
  readonly bucket: string;
  readonly where: string;
}

/**
 * CreateMultipartUpload, UploadPart for each part (each retried by the SDK with its exponential
 * back-off), CompleteMultipartUpload. Every part's ETag must be its MD5, and the whole one either
 * S3's `md5(part md5s)-N` or the body's MD5 (what s3rver and some clones return). Any failure
 * aborts the upload: S3 keeps no object until Complete, so nothing partial is ever listed.
 */
export const putMultipart = async (target: Target, name: string, body: Uint8Array): Promise<void> => {
  const { client, sdk, bucket, where } = target;
  const created = await client.send(
    new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: name, ContentType: 'application/octet-stream' }),
  );
  const uploadId = created.UploadId;
  if (uploadId === undefined) throw new SyncError('unreachable', `${where} started no multipart upload for ${name}`);
  try {
    const parts: Array<{ ETag: string; PartNumber: number }> = [];
    const digests: Buffer[] = [];
    for (let offset = 0, number = 1; offset < body.byteLength; offset += PART_BYTES, number++) {
      const part = body.subarray(offset, offset + PART_BYTES);
      const digest = md5(part);
      const sent = await client.send(
        new sdk.UploadPartCommand({
          Bucket: bucket,
          Key: name,
          UploadId: uploadId,
          PartNumber: number,
          Body: part,
          ContentLength: part.byteLength,
        }),
      );
      if (unquote(sent.ETag) !== digest.toString('hex')) {
        throw new SyncError(
          'unreachable',
          `${where} stored part ${number} of ${name} with ETag ${sent.ETag}, not the MD5 of what was sent`,
        );
      }
      parts.push({ ETag: sent.ETag!, PartNumber: number });
      digests.push(digest);
    }
    const done = await client.send(
      new sdk.CompleteMultipartUploadCommand({ Bucket: bucket, Key: name, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
    );
    const expected = [`${md5(Buffer.concat(digests)).toString('hex')}-${parts.length}`, md5(body).toString('hex')];
    const etag = unquote(done.ETag);
    if (etag !== undefined && !expected.includes(etag)) {
      throw new SyncError('unreachable', `${where} completed ${name} with ETag ${done.ETag}, not the one its parts make`);
    }
  } catch (error) {
    // Best effort: an upload left open holds only ciphertext parts, and a bucket's lifecycle rule can sweep them.
    await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: name, UploadId: uploadId })).catch(() => undefined);
    throw error;
  }
};
