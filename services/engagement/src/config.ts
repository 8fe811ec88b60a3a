import { serviceConfigSchema } from '@reproute/platform';
import { z } from 'zod';

export const configSchema = serviceConfigSchema.extend({
  CONTACT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5).describe('Contact messages per sender address within CONTACT_EMAIL_WINDOW_SECONDS; past it, 429 with Retry-After.'),
  CONTACT_EMAIL_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600).describe('The window of CONTACT_LIMIT_PER_EMAIL (seconds).'),
  CONTACT_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(20).describe('Contact messages per client address within CONTACT_CLIENT_WINDOW_SECONDS; past it, 429 with Retry-After.'),
  CONTACT_CLIENT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600).describe('The window of CONTACT_LIMIT_PER_CLIENT (seconds).'),
  REVIEW_PHOTOS_DIR: z
    .string()
    .optional()
    .describe('The folder of travellers\' review photos (their WebP variants) with REVIEW_PHOTO_STORAGE=local; instances on one machine share it. Unset: .data/review-photos in the repository (docker-compose: the `review-photos` volume).'),
  REVIEW_PHOTO_STORAGE: z.enum(['local', 's3']).default('local').describe('Where travellers\' review photos are kept: `local`, a folder (REVIEW_PHOTOS_DIR), or `s3`, an S3-compatible bucket (REVIEW_PHOTOS_S3_*); several machines need s3.'),
  REVIEW_PHOTOS_S3_BUCKET: z.string().optional().describe('The bucket of review photos; required with REVIEW_PHOTO_STORAGE=s3 (it may be the catalog\'s, under another prefix).'),
  REVIEW_PHOTOS_S3_REGION: z.string().default('us-east-1').describe('The bucket\'s region (REVIEW_PHOTO_STORAGE=s3).'),
  REVIEW_PHOTOS_S3_ENDPOINT: z.url().optional().describe('An S3-compatible endpoint (MinIO, Cloudflare R2, ...). Unset: AWS S3.'),
  REVIEW_PHOTOS_S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1').default(false).describe('`true` for path-style bucket addresses (MinIO).'),
  REVIEW_PHOTOS_S3_ACCESS_KEY_ID: z.string().optional().describe('With REVIEW_PHOTOS_S3_SECRET_ACCESS_KEY (both or neither). Neither: the AWS SDK\'s default credentials.'),
  REVIEW_PHOTOS_S3_SECRET_ACCESS_KEY: z.string().optional().describe('With REVIEW_PHOTOS_S3_ACCESS_KEY_ID (both or neither).'),
  REVIEW_PHOTOS_S3_PREFIX: z.string().default('review-photos/').describe('The key prefix of the review photos in the bucket.'),
});
export type Config = z.infer<typeof configSchema>;
