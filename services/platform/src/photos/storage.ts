import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** A stored file: its bytes and content type. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/**
 * Where photo files live. Keys are content-addressed file names (`<hash>.jpg`, `<hash>-800.webp`),
 * so a key's bytes never change: writing an existing key again is harmless.
 */
export interface PhotoStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored photo file with when it was written (for pruning files no listing shows). */
  list(): AsyncIterable<{ key: string; writtenAt: Date }>;
}

const safeKey = /^[a-f0-9]{32}(-\d{1,5})?\.(jpg|png|webp)$/;

export function assertPhotoKey(key: string): void {
  if (!safeKey.test(key)) throw new Error(`not a photo file name: ${key}`);
}

export function contentTypeOfKey(key: string): string {
  if (key.endsWith('.jpg')) return 'image/jpeg';
  if (key.endsWith('.png')) return 'image/png';
  return 'image/webp';
}

/** Files in a folder on this machine (local runs; several instances on one machine share it). */
export class LocalDiskStorage implements PhotoStorage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private fileOf(key: string): string {
    assertPhotoKey(key);
    // Two hex characters of fan-out keep any one folder small.
    return path.join(this.root, key.slice(0, 2), key);
  }

  // The content type follows from the key's extension when read back.
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      return { body: await readFile(this.fileOf(key)), contentType: contentTypeOfKey(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await stat(this.fileOf(key));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; writtenAt: Date }> {
    const folders = await readdir(this.root).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const folder of folders) {
      for (const key of await readdir(path.join(this.root, folder)).catch(() => [] as string[])) {
        if (!safeKey.test(key)) continue;
        const info = await stat(path.join(this.root, folder, key)).catch(() => null);
        if (info) yield { key, writtenAt: info.mtime };
      }
    }
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, ...); AWS when absent. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Both or neither; neither means the SDK's default credential chain (role, profile, environment). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix inside the bucket. */
  prefix?: string;
}

/** Objects in an S3-compatible bucket (production). */
export class S3Storage implements PhotoStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly prefix: string;

  private readonly settings: S3Settings;

  constructor(settings: S3Settings, client?: S3Client) {
    this.settings = settings;
    this.prefix = settings.prefix ?? 'photos/';
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      });
  }

  private objectKey(key: string): string {
    assertPhotoKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      const bytes = await answer.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: answer.ContentType ?? contentTypeOfKey(key) };
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async *list(): AsyncIterable<{ key: string; writtenAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length) ?? '';
        if (safeKey.test(key)) yield { key, writtenAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

export interface PhotoStorageConfig {
  PHOTO_STORAGE: 'local' | 's3';
  PHOTOS_DIR?: string;
  PHOTOS_S3_BUCKET?: string;
  PHOTOS_S3_REGION: string;
  PHOTOS_S3_ENDPOINT?: string;
  PHOTOS_S3_FORCE_PATH_STYLE: boolean;
  PHOTOS_S3_ACCESS_KEY_ID?: string;
  PHOTOS_S3_SECRET_ACCESS_KEY?: string;
  PHOTOS_S3_PREFIX: string;
}

/** The storage the configuration names: S3 when PHOTO_STORAGE=s3, else a local folder. */
export function photoStorageFrom(config: PhotoStorageConfig, defaultDir: string): PhotoStorage {
  if (config.PHOTO_STORAGE === 's3') {
    if (!config.PHOTOS_S3_BUCKET) throw new Error('PHOTOS_S3_BUCKET is required when PHOTO_STORAGE=s3');
    return new S3Storage({
      bucket: config.PHOTOS_S3_BUCKET,
      region: config.PHOTOS_S3_REGION,
      endpoint: config.PHOTOS_S3_ENDPOINT,
      forcePathStyle: config.PHOTOS_S3_FORCE_PATH_STYLE,
      accessKeyId: config.PHOTOS_S3_ACCESS_KEY_ID,
      secretAccessKey: config.PHOTOS_S3_SECRET_ACCESS_KEY,
      prefix: config.PHOTOS_S3_PREFIX,
    });
  }
  return new LocalDiskStorage(config.PHOTOS_DIR ?? defaultDir);
}
