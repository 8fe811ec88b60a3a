import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints, photoMaxBytes, reviewGymMessages, reviewPhotosPerReview } from '@reproute/contracts';
import { badRequest, forbidden, notFound, requireUser, serveEndpoint, type ServiceContext } from '@reproute/platform';
import { PhotoGate } from '@reproute/platform/photos/gate';
import { uploadedFiles } from '@reproute/platform/photos/upload';
import { PhotoRejected, processPhoto, type ProcessedPhoto } from '@reproute/platform/photos/process';
import { photoStorageFrom, type PhotoStorage } from '@reproute/platform/photos/storage';
import type { Config } from '../config.ts';
import { photoFileState, recordUploads, sweepReviewPhotos, unusedPhotosMax } from '../store/review-photos.ts';

/** Where review photos live unless REVIEW_PHOTOS_DIR says: beside the catalog's, in a folder of their own. */
export const defaultReviewPhotosDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../.data/review-photos');

/** The storage the configuration names: the platform's local folder or S3 bucket, under the review photos' own settings. */
export function reviewPhotoStorage(config: Config): PhotoStorage {
  if (config.REVIEW_PHOTO_STORAGE === 's3' && !config.REVIEW_PHOTOS_S3_BUCKET) throw new Error('REVIEW_PHOTOS_S3_BUCKET is required when REVIEW_PHOTO_STORAGE=s3');
  return photoStorageFrom(
    {
      PHOTO_STORAGE: config.REVIEW_PHOTO_STORAGE,
      PHOTOS_DIR: config.REVIEW_PHOTOS_DIR,
      PHOTOS_S3_BUCKET: config.REVIEW_PHOTOS_S3_BUCKET,
      PHOTOS_S3_REGION: config.REVIEW_PHOTOS_S3_REGION,
      PHOTOS_S3_ENDPOINT: config.REVIEW_PHOTOS_S3_ENDPOINT,
      PHOTOS_S3_FORCE_PATH_STYLE: config.REVIEW_PHOTOS_S3_FORCE_PATH_STYLE,
      PHOTOS_S3_ACCESS_KEY_ID: config.REVIEW_PHOTOS_S3_ACCESS_KEY_ID,
      PHOTOS_S3_SECRET_ACCESS_KEY: config.REVIEW_PHOTOS_S3_SECRET_ACCESS_KEY,
      PHOTOS_S3_PREFIX: config.REVIEW_PHOTOS_S3_PREFIX,
    },
    defaultReviewPhotosDir,
  );
}

const variantFile = /^([a-f0-9]{32})-([1-9]\d{0,4})\.webp$/;

/** The files of a multipart request, each read whole (at most 10 MB each, at most six). */
const uploadedReviewPhotos = async (app: FastifyInstance, request: FastifyRequest): Promise<Buffer[]> =>
  (await uploadedFiles(app, request, { fileSize: photoMaxBytes, files: reviewPhotosPerReview, fields: 10, parts: 20, tooMany: reviewGymMessages.photoIdsMax })).map((file) => file.data);

/**
 * Travellers' gym photos for their reviews: the listing photos' pipeline (the platform's photos/process.ts:
 * format from the content, upright, metadata stripped, WebP variants), engagement's own storage, and the files
 * served only while a review or an upload holds them. A sweep (hourly, and once at start) deletes the files of
 * rejected and erased reviews and uploads no review named within a day.
 */
export async function reviewPhotoRoutes(app: FastifyInstance, { ctx, storage }: { ctx: ServiceContext<Config>; storage: PhotoStorage }) {
  await app.register(multipart, { limits: { fileSize: photoMaxBytes, files: reviewPhotosPerReview } });
  const gate = new PhotoGate({ concurrency: 1, queue: 8, waitMs: 20_000, retryAfterSeconds: 5 });

  const sweep = () =>
    sweepReviewPhotos(ctx.pool, storage)
      .then((removed) => {
        if (removed > 0) ctx.logger.info({ removed }, 'review photo files swept');
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'review photo sweep failed'));
  const timer = setInterval(sweep, 3_600_000);
  timer.unref();
  app.addHook('onReady', async () => {
    void sweep();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  serveEndpoint(app, endpoints['POST /api/reviews/photos'], async (request, reply) => {
    const user = requireUser(request);
    if (!user.emailVerified) throw forbidden(reviewGymMessages.photoUploadNeedsVerifiedEmail);
    const files = await uploadedReviewPhotos(app, request);
    const processed: ProcessedPhoto[] = [];
    for (const file of files) {
      try {
        processed.push(await gate.run(() => processPhoto(file)));
      } catch (error) {
        if (error instanceof PhotoRejected) throw badRequest(error.message);
        throw error;
      }
    }
    // Only the WebP variants are kept: a review shows nothing else, and the stripped original would be one more copy.
    for (const photo of processed) for (const variant of photo.variants) await storage.put(variant.key, variant.body, variant.contentType);
    const saved = await recordUploads(ctx.pool, user.id, processed.map((p) => ({ fileId: p.id, width: p.width, height: p.height })));
    if (saved === 'full') throw badRequest(reviewGymMessages.photoUnusedMax);
    request.log.info({ photos: saved.map((p) => p.id), unusedMax: unusedPhotosMax }, 'review photos uploaded');
    return reply.status(201).send({ photos: saved });
  });

  serveEndpoint(app, endpoints['GET /images/review-photos/:file'], async (request, reply) => {
    const match = variantFile.exec(request.params.file);
    if (!match) throw notFound('Photo not found');
    const state = await photoFileState(ctx.pool, match[1]!, Number(match[2]));
    if (!state) throw notFound('Photo not found');
    const cache = state === 'public' ? 'public, max-age=86400' : 'private, no-store';
    const etag = `"${request.params.file}"`;
    if (state === 'public' && request.headers['if-none-match'] === etag) return reply.status(304).header('etag', etag).header('cache-control', cache).send();
    const file = await storage.get(request.params.file);
    if (!file) throw notFound('Photo not found');
    return reply.header('content-type', 'image/webp').header('cache-control', cache).header('etag', etag).header('x-content-type-options', 'nosniff').send(file.body);
  });
}
