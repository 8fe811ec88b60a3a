import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { endpoints, messages, photoMaxBytes, photoMessages, photoUploadRequestMaxBytes, photosPerUpload, type HotelPhotosAnswer } from '@reproute/contracts';
import { uploadedFiles } from '@reproute/platform/photos/upload';
import { badRequest, HttpError, notFound, requireUser, serveEndpoint, type PoolClient, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { applyListingUpdate, type StoredHotel, type Viewer } from '../domain/hotel.ts';
import { recordListingActivity } from '../events/organisation-activity.ts';
import { assertListingRole } from './provider-hotels.ts';
import { appendPhotos, arrangePhotos, photosAnswer, removePhoto, type PhotoEditResult } from '../domain/photos.ts';
import type { StoredRevision } from '../domain/revision.ts';
import { PhotoGate } from '../photos/gate.ts';
import { PhotoRejected, processPhoto, type ProcessedPhoto } from '../photos/process.ts';
import { assertPhotoKey, type PhotoStorage } from '../photos/storage.ts';
import { findHotel } from '../store/hotels.ts';
import { photosOfHotel, recordPhotos } from '../store/photos.ts';
import { editListing, findRevision } from '../store/revisions.ts';
import { hotelIdParam, viewerOf } from './viewer.ts';

const photoFields = ['imageUrl', 'images', 'gymImages', 'photoCaptions'] as const;
const immutableCache = 'public, max-age=31536000, immutable';

/** Applies a photo edit's answer: its update, or its 400/404. */
function updateOrThrow(result: PhotoEditResult) {
  if ('error' in result) throw new HttpError(result.status, result.error);
  return result.update;
}

/** The uploaded files of a multipart request, each read whole (at most 10 MB, at most 10 files). */
const uploadedListingPhotos = (app: FastifyInstance, request: FastifyRequest) =>
  uploadedFiles(app, request, { fileSize: photoMaxBytes, files: photosPerUpload, fields: 20, parts: 40, tooMany: photoMessages.tooManyInUpload });

const drainLimitBytes = photoUploadRequestMaxBytes;

/** Reads and drops what is left of a request body (up to the upload limit; past it the connection is closed). */
async function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed || raw.readableEnded) return;
  raw.unpipe();
  await new Promise<void>((resolve) => {
    let seen = 0;
    const done = () => resolve();
    raw.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > drainLimitBytes) raw.destroy();
    });
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}

/**
 * Providers' photos of their listings (upload, arrange, delete) and the photo files themselves.
 * Photo edits of an approved listing join its revision like any edit of `images`/`gymImages`/`imageUrl`.
 */
export async function photoRoutes(app: FastifyInstance, { ctx, storage }: { ctx: ServiceContext<Config>; storage: PhotoStorage }) {
  await app.register(multipart, { limits: { fileSize: photoMaxBytes, files: photosPerUpload } });
  const gate = new PhotoGate({
    concurrency: ctx.config.PHOTO_PROCESSING_CONCURRENCY,
    queue: ctx.config.PHOTO_PROCESSING_QUEUE,
    waitMs: ctx.config.PHOTO_PROCESSING_WAIT_MS,
    retryAfterSeconds: 5,
  });
  // An answer given before the whole upload arrived (401, 403, a file too large) waits until the rest
  // is read, so the caller, still sending, receives it instead of a broken connection.
  app.addHook('onSend', async (request, _reply, payload) => {
    await drainBody(request);
    return payload;
  });

  const provider = (request: FastifyRequest): Viewer => {
    requireUser(request);
    return viewerOf(request)!;
  };
  const ownListing = async (viewer: Viewer, id: number): Promise<StoredHotel> => {
    const hotel = await findHotel(ctx.pool, { id });
    if (!hotel) throw notFound(messages.hotelNotFound);
    assertListingRole(viewer, hotel);
    return hotel;
  };
  // Photos are the listing's: the member's role for the property must allow listings (owner, manager).
  const authorize = (viewer: Viewer, detail: string) => async (current: StoredHotel, tx: PoolClient) => {
    assertListingRole(viewer, current);
    await recordListingActivity(tx, viewer, 'listing.photos', current, detail);
  };
  const answer = async (hotel: StoredHotel, revision: StoredRevision | null): Promise<HotelPhotosAnswer> => {
    const submitted = applyListingUpdate(hotel, revision?.fields ?? {});
    // A rejected change's photos stay as the provider left them (to fix and send again), but await no one.
    const awaitingReview = revision?.status === 'pending' && photoFields.some((field) => revision.fields[field] !== undefined);
    return photosAnswer(hotel.id, hotel, submitted, awaitingReview, await photosOfHotel(ctx.pool, hotel.id));
  };

  serveEndpoint(app, endpoints['GET /api/provider/hotels/:id/photos'], async (request) => {
    const viewer = provider(request);
    const hotel = await ownListing(viewer, hotelIdParam(request.params));
    return answer(hotel, (await findRevision(ctx.pool, hotel.id)) ?? null);
  });

  // Every file is checked and processed before anything is stored: one bad file refuses the whole upload.
  serveEndpoint(
    app,
    endpoints['POST /api/provider/hotels/:id/photos'],
    async (request) => {
      const viewer = provider(request);
      const id = hotelIdParam(request.params);
      const { kind } = request.query;
      // The body is read before the owner check, so a refusal reaches a caller still sending its files.
      const files = await uploadedListingPhotos(app, request);
      await ownListing(viewer, id);
      const processed: ProcessedPhoto[] = [];
      for (const file of files) {
        try {
          processed.push(await gate.run(() => processPhoto(file.data)));
        } catch (error) {
          if (error instanceof PhotoRejected) throw badRequest(error.message, [{ path: file.name || 'file', message: error.message }]);
          throw error;
        }
      }
      const urls = processed.map((photo) => photo.url);
      // A full list is refused before any file is written; the edit checks again under the lock.
      const before = await findHotel(ctx.pool, { id });
      if (!before) throw notFound(messages.hotelNotFound);
      updateOrThrow(appendPhotos(applyListingUpdate(before, (await findRevision(ctx.pool, id))?.fields ?? {}), kind, urls));
      // Written even when already there: the same bytes, and a fresh write time keeps the prune from taking them.
      for (const photo of processed) {
        for (const file of [...photo.variants, photo.original]) await storage.put(file.key, file.body, file.contentType);
      }
      await recordPhotos(
        ctx.pool,
        processed.map((photo) => ({ hotelId: id, photoId: photo.id, kind, format: photo.format, width: photo.width, height: photo.height, bytes: photo.original.body.length })),
        viewer.id,
      );
      const { hotel, revision } = await editListing(ctx.pool, id, viewer.id, (submitted) => updateOrThrow(appendPhotos(submitted, kind, urls)), authorize(viewer, `uploaded ${urls.length} ${kind} photo${urls.length === 1 ? '' : 's'}`));
      request.log.info({ hotelId: id, photos: processed.map((p) => p.id), kind, pending: revision !== null }, 'photos uploaded');
      return answer(hotel, revision);
    },
    { bodyLimit: drainLimitBytes },
  );

  serveEndpoint(app, endpoints['PUT /api/provider/hotels/:id/photos'], async (request) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    const body = request.body;
    let live: StoredHotel | undefined;
    const { hotel, revision } = await editListing(
      ctx.pool,
      id,
      viewer.id,
      (submitted) => updateOrThrow(arrangePhotos(submitted, live!, body)),
      async (current, tx) => {
        await authorize(viewer, 'arranged the photos')(current, tx);
        live = current;
      },
    );
    return answer(hotel, revision);
  });

  serveEndpoint(app, endpoints['DELETE /api/provider/hotels/:id/photos/:photoId'], async (request) => {
    const viewer = provider(request);
    const id = hotelIdParam(request.params);
    const { photoId } = request.params;
    if (!/^[a-f0-9]{32}$/.test(photoId)) throw notFound(photoMessages.photoNotFound);
    const { hotel, revision } = await editListing(ctx.pool, id, viewer.id, (submitted) => updateOrThrow(removePhoto(submitted, photoId)), authorize(viewer, 'removed a photo'));
    return answer(hotel, revision);
  });

  // The files: content-addressed names, so a browser and any cache in between keep them for a year.
  serveEndpoint(app, endpoints['GET /images/photos/:file'], async (request, reply) => {
    const key = request.params.file;
    try {
      assertPhotoKey(key);
    } catch {
      throw notFound('Photo not found');
    }
    const etag = `"${key}"`;
    if (request.headers['if-none-match'] === etag) return reply.status(304).header('etag', etag).header('cache-control', immutableCache).send();
    const file = await storage.get(key);
    if (!file) throw notFound('Photo not found');
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', immutableCache)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
