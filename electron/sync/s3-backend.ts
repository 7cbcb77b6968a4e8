// SPDX-License-Identifier: MIT
import { createHash } from 'node:crypto';
import type * as S3 from '@aws-sdk/client-s3';
import type { SyncBackend } from './backend';
import { PART_BYTES, putMultipart } from './s3-multipart';
import { SyncError } from './sync-error';

export interface S3Place {
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
}

/** Attempts per request, with the SDK's own exponential back-off between them. */
const MAX_ATTEMPTS = 4;

const codeOf = (error: unknown): { name: string; status: number | undefined; message: string } => {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number }; message?: string };
  return { name: e.Code ?? e.name ?? 'Error', status: e.$metadata?.httpStatusCode, message: e.message ?? String(error) };
};

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'InvalidToken',
  'ExpiredToken',
  'CredentialsProviderError',
]);
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'TimeoutError']);

/**
 * An S3-compatible bucket through @aws-sdk/client-s3 (loaded only when sync runs). Credentials come
 * from the SDK's default chain (environment, shared files, profiles) and are never stored by us.
 * Uploads carry their length and no streaming checksum (`WHEN_REQUIRED`): a body of known size is
 * sent in one piece, which every S3 clone stores as sent (s3rver stores aws-chunked bodies as-is).
 * The ETag of a single-part upload is the body's MD5, checked after every put; a body larger than
 * one part goes up as a multipart upload (s3-multipart.ts).
 */
export class S3Backend implements SyncBackend {
  readonly where: string;

  private constructor(
    private readonly _client: S3.S3Client,
    private readonly _sdk: typeof S3,
    private readonly _place: S3Place,
  ) {
    this.where = `bucket ${_place.bucket} at ${_place.endpoint}`;
  }

  static async connect(place: S3Place): Promise<S3Backend> {
    // The SDK warns on every run under Node 20 about its releases of 2027; ours pins one that runs
    // here (package-lock.json), so the warning would only be noise on a sync's stderr.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      endpoint: place.endpoint,
      region: place.region,
      forcePathStyle: true,
      maxAttempts: MAX_ATTEMPTS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3Backend(client, sdk, place);
  }

  /** The SDK's failures as SyncErrors a user can act on. */
  private _plain(error: unknown, doing: string): SyncError {
    if (error instanceof SyncError) return error;
    const { name, status, message } = codeOf(error);
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code ?? name;
    if (name === 'NoSuchBucket' || (status === 404 && doing === 'probe')) {
      return new SyncError('no-bucket', `the bucket ${this._place.bucket} does not exist at ${this._place.endpoint}`);
    }
    if (name === 'CredentialsProviderError' || (/credential/i.test(message) && status === undefined)) {
      return new SyncError(
        'credentials',
        'no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, as for the aws CLI',
      );
    }
    if (CREDENTIAL_ERRORS.has(name) || status === 403) {
      return new SyncError('credentials', `${this.where} refused these credentials (${name}): check AWS_ACCESS_KEY_ID / AWS_PROFILE`);
    }
    if (NETWORK_ERRORS.has(cause) || NETWORK_ERRORS.has(name)) {
      return new SyncError('unreachable', `cannot reach ${this._place.endpoint} (${cause})`);
    }
    return new SyncError(
      'unreachable',
      `${this.where} failed to ${doing} (${name}${status ? ` ${status}` : ''}: ${message.split('\n')[0]})`,
    );
  }

  async probe(): Promise<void> {
    try {
      await this._client.send(new this._sdk.HeadBucketCommand({ Bucket: this._place.bucket }));
    } catch (error) {
      throw this._plain(error, 'probe');
    }
  }

  async put(name: string, body: Uint8Array): Promise<void> {
    if (body.byteLength > PART_BYTES) {
      try {
        await putMultipart({ client: this._client, sdk: this._sdk, bucket: this._place.bucket, where: this.where }, name, body);
      } catch (error) {
        throw this._plain(error, `write ${name}`);
      }
      return;
    }
    const md5 = createHash('md5').update(body).digest('hex');
    let etag: string | undefined;
    try {
      const sent = await this._client.send(
        new this._sdk.PutObjectCommand({
          Bucket: this._place.bucket,
          Key: name,
          Body: body,
          ContentLength: body.byteLength,
          ContentType: 'application/octet-stream',
        }),
      );
      etag = sent.ETag;
    } catch (error) {
      throw this._plain(error, `write ${name}`);
    }
    if (etag !== undefined && etag.replaceAll('"', '') !== md5) {
      throw new SyncError('unreachable', `${this.where} stored ${name} with ETag ${etag}, not the MD5 of what was sent (${md5})`);
    }
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    try {
      const got = await this._client.send(new this._sdk.GetObjectCommand({ Bucket: this._place.bucket, Key: name }));
      return got.Body ? await got.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      const { name: code, status } = codeOf(error);
      if (code === 'NoSuchKey' || status === 404) {
        if (code === 'NoSuchBucket') throw this._plain(error, `read ${name}`);
        return undefined;
      }
      throw this._plain(error, `read ${name}`);
    }
  }

  async list(prefix: string): Promise<string[]> {
    // ListObjects (v1) paged by Marker, the last name of the page before, as S3 documents for a
    // listing with no delimiter. Not V2: s3rver builds V2's continuation tokens with DES, which
    // Node 20's OpenSSL lacks, so any truncated V2 page fails there; every S3 clone serves v1.
    const names: string[] = [];
    try {
      for (;;) {
        const page = await this._client.send(
          new this._sdk.ListObjectsCommand({
            Bucket: this._place.bucket,
            Prefix: prefix,
            MaxKeys: 1000,
            ...(names.length > 0 ? { Marker: names.at(-1) } : {}),
          }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
        names.push(...keys);
        if (!page.IsTruncated || keys.length === 0) return names;
      }
    } catch (error) {
      throw this._plain(error, 'list');
    }
  }

  close(): void {
    this._client.destroy();
  }

  async delete(name: string): Promise<void> {
    try {
      await this._client.send(new this._sdk.DeleteObjectCommand({ Bucket: this._place.bucket, Key: name }));
    } catch (error) {
      throw this._plain(error, `delete ${name}`);
    }
  }
}
