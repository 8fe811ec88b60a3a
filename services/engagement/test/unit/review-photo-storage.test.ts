import { describe, expect, it } from 'vitest';
import { LocalDiskStorage, S3Storage } from '@reproute/platform/photos/storage';
import { configSchema } from '../../src/config.ts';
import { reviewPhotoStorage } from '../../src/routes/review-photos.ts';

const base = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SERVICE_NAME: 'engagement', PORT: '4003', DB_SCHEMA: 'engagement' };

describe('where review photos are kept', () => {
  it('a local folder by default, the one REVIEW_PHOTOS_DIR names', () => {
    expect(reviewPhotoStorage(configSchema.parse(base))).toBeInstanceOf(LocalDiskStorage);
    expect(reviewPhotoStorage(configSchema.parse({ ...base, REVIEW_PHOTOS_DIR: '/tmp/review-photos-x' })).kind).toBe('local');
  });
  it('a bucket with REVIEW_PHOTO_STORAGE=s3, which needs its name', () => {
    const s3 = reviewPhotoStorage(configSchema.parse({ ...base, REVIEW_PHOTO_STORAGE: 's3', REVIEW_PHOTOS_S3_BUCKET: 'reproute-photos', REVIEW_PHOTOS_S3_FORCE_PATH_STYLE: 'true' }));
    expect(s3).toBeInstanceOf(S3Storage);
    expect(() => reviewPhotoStorage(configSchema.parse({ ...base, REVIEW_PHOTO_STORAGE: 's3' }))).toThrow('REVIEW_PHOTOS_S3_BUCKET is required when REVIEW_PHOTO_STORAGE=s3');
  });
});
