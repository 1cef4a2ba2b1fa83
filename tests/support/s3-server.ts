import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

import { freePort } from './server-process.ts';

/** A real S3-compatible server (s3rver) on this machine with one empty bucket; answers the variables an instance needs. */
export async function startS3Server(bucket = 'atelier-media') {
  const directory = mkdtempSync(path.join(tmpdir(), 'atelier-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  await server.run();
  return {
    directory,
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's own fixed pair.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
