/**
 * The S3 photo storage against s3rver, a local server speaking the S3 HTTP API (no AWS account
 * here): put, get, head and delete of real objects, the key prefix, and null for a missing key.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3Storage } from '../../src/photos/storage.ts';

let server: S3rver;
let dir: string;
let storage: S3Storage;
let client: S3Client;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'reproute-photos', configs: [] }] });
  const { port } = await server.run();
  // s3rver accepts these fixed local credentials; nothing here is a real secret.
  const settings = { region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
  client = new S3Client(settings);
  storage = new S3Storage({ bucket: 'reproute-photos', region: settings.region, endpoint: settings.endpoint, forcePathStyle: true, ...settings.credentials, prefix: 'photos/' });
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3 photo storage', () => {
  const key = `${'b'.repeat(32)}-800.webp`;

  it('answers null and false for a key it does not have', async () => {
    expect(await storage.get(key)).toBeNull();
    expect(await storage.has(key)).toBe(false);
  });

  it('stores, reads back and deletes an object under the prefix', async () => {
    const body = Buffer.from('RIFF....WEBPVP8 test bytes');
    await storage.put(key, body, 'image/webp');
    expect(await storage.has(key)).toBe(true);
    expect(await storage.get(key)).toEqual({ body, contentType: 'image/webp' });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: 'reproute-photos' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual([`photos/${key}`]);
    const own: string[] = [];
    for await (const file of storage.list()) own.push(file.key);
    expect(own).toEqual([key]);
    await storage.delete(key);
    expect(await storage.has(key)).toBe(false);
  });

  it('refuses a key that is not a photo file name before calling S3', async () => {
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/not a photo file name/);
  });
});
