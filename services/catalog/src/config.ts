import { baseConfigSchema } from '@reproute/platform';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const configSchema = baseConfigSchema.extend({
  /** Where the hotel and gym pictures served at /images/* live (files in the repo). */
  IMAGES_DIR: z.string().optional(),
  /** Where providers' uploaded photos are kept: a local folder (PHOTOS_DIR) or an S3-compatible bucket. */
  PHOTO_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The local folder for uploaded photos; .data/photos in the repository when unset. */
  PHOTOS_DIR: z.string().optional(),
  PHOTOS_S3_BUCKET: z.string().optional(),
  PHOTOS_S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible endpoint (MinIO, Cloudflare R2, ...); AWS S3 when unset. */
  PHOTOS_S3_ENDPOINT: z.string().url().optional(),
  PHOTOS_S3_FORCE_PATH_STYLE: flag.default(false),
  /** Both or neither; neither uses the SDK's default credentials (instance role, AWS_* variables, profile). */
  PHOTOS_S3_ACCESS_KEY_ID: z.string().optional(),
  PHOTOS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  PHOTOS_S3_PREFIX: z.string().default('photos/'),
  /** Photos decoded at once by this process: decoding holds the whole canvas (photos/gate.ts). */
  PHOTO_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Uploads that may wait for a decoding slot; more answer 503 with Retry-After. */
  PHOTO_PROCESSING_QUEUE: z.coerce.number().int().min(0).max(100).default(8),
  /** How long an upload waits for a slot before it answers 503 (ms). */
  PHOTO_PROCESSING_WAIT_MS: z.coerce.number().int().min(100).default(20_000),
});
export type Config = z.infer<typeof configSchema>;
