// SPDX-License-Identifier: MIT
// s3rver ships no types; the tests use only these.
declare module 's3rver' {
  import type { Server } from 'node:http';
  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: Array<{ name: string }>;
  }
  // eslint-disable-next-line no-restricted-syntax -- the package's own default export, described as it is
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
