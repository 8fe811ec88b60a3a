import { z } from 'zod';
import { defineEndpoints, rawAnswer } from '../endpoint.ts';
import { hotelAnswer, providerHotelCreate, providerHotelUpdate } from '../catalog.ts';
import { hotelPhotosAnswer, hotelPhotosUpdate, photoUploadQuery } from '../photos.ts';

/** A hotel's id in a path: any text here, an id that is not a positive whole number is "Hotel not found" (404). */
const hotelIdPath = z.object({ id: z.string() });

const ownListingsDoc =
  'own listings; on a live listing, changes to name, address, city, booking URL, contact email, photos, equipment (`rawEquipment`/`gymEquipment`) or the gym (`gym`) wait for review (`pendingRevision` in the answer, `status` `pending`) while the approved values stay public, in search, facets and the gym score too. A change an admin rejected stays as `pendingRevision` with `status` `rejected` and its `rejectionReason` (emailed to the provider) until the provider saves again, which sends the proposal (with their fixes) back to review, or discards it (`DELETE /api/provider/hotels/{id}/revision`). A new listing is acknowledged by email (`hotel.submitted`). The same name and address submitted twice answers 409. Place and gym rules below';

/** The catalog service, for providers: their own listings and their photos; and the picture and photo files themselves. */
export const catalogProviderEndpoints = defineEndpoints('catalog', {
  'GET /api/provider/hotels': {
    access: 'provider',
    summary: 'The caller\'s own listings, each with its changes awaiting review',
    responses: { 200: z.array(hotelAnswer) },
    doc: ownListingsDoc,
  },
  'POST /api/provider/hotels': {
    access: 'provider',
    summary: 'Add a listing (it waits for an admin\'s review)',
    body: providerHotelCreate,
    responses: { 201: hotelAnswer },
    doc: ownListingsDoc,
  },
  'PUT /api/provider/hotels/:id': {
    access: 'provider',
    summary: 'Edit an own listing (changes to a live listing\'s reviewed fields wait for review)',
    params: hotelIdPath,
    body: providerHotelUpdate,
    responses: { 200: hotelAnswer },
    doc: ownListingsDoc,
  },
  'DELETE /api/provider/hotels/:id/revision': {
    access: 'provider',
    summary: 'Discard an own listing\'s rejected change (the live listing stays as it is)',
    params: hotelIdPath,
    responses: { 200: hotelAnswer },
    doc: 'the listing (`pendingRevision: null`); only a rejected change can be discarded: 404 "This listing has no rejected changes to discard." (a pending one is withdrawn by editing the fields back), 403 for another provider\'s listing, 404 "Hotel not found"',
  },
  'DELETE /api/provider/hotels/:id': {
    access: 'provider',
    summary: 'Delete an own listing',
    params: hotelIdPath,
    responses: { 204: null },
    doc: '204; 403 for another provider\'s listing, 404 "Hotel not found"',
  },
  'GET /api/provider/hotels/:id/photos': {
    access: 'provider',
    summary: 'An own listing\'s photos as last arranged, and what travellers see now',
    params: hotelIdPath,
    responses: { 200: hotelPhotosAnswer },
    doc: '`HotelPhotosAnswer` (`contracts/src/photos.ts`): `{ hotelId, status, awaitingReview, cover, photos: ListingPhoto[], gymPhotos: ListingPhoto[], live: { cover, images, gymImages } }` — the arrangement as last submitted, whether it waits for review, and what travellers see now. `ListingPhoto` is `{ url, id, src, srcSet, originalUrl, width, height, isCover }` (`id`, `width`, `height` null for images given by URL)',
  },
  'POST /api/provider/hotels/:id/photos': {
    access: 'provider',
    multipart: true,
    summary: 'Upload photos to an own listing (multipart/form-data, one or more file parts)',
    params: hotelIdPath,
    query: photoUploadQuery,
    // What the document shows; the handler reads every file part, whatever its field name.
    body: z.object({ files: z.array(z.file()).min(1).max(10) }),
    responses: { 201: hotelPhotosAnswer },
    doc: '201 `HotelPhotosAnswer`; the files are added after the listing\'s hotel photos (`kind=hotel`, default; the first becomes the cover of a listing without one) or gym photos. At most 10 files per request, 10 MB each, 20 photos per list. The type is read from the content: JPEG, PNG and WebP pass (whatever the name or declared type), anything else is 400 "Photos must be JPEG, PNG or WebP images" (`errors[0].path` = the file name); a file over 10 MB is 400 "Each photo must be at most 10 MB"; no file 400 "Choose at least one photo to upload"; more than 10 files 400 "Upload at most 10 photos at a time"; a full list 400 "A listing can have at most 20 hotel photos and 20 gym photos"; `kind` else 400 "Photo kind must be hotel or gym". Every file is checked and processed before anything is stored, so a refused request stores nothing. 401/403/404 as for the listing',
  },
  'PUT /api/provider/hotels/:id/photos': {
    access: 'provider',
    summary: 'Arrange an own listing\'s photos: their order, the cover, and which stay',
    params: hotelIdPath,
    body: hotelPhotosUpdate,
    responses: { 200: hotelPhotosAnswer },
    doc: '`HotelPhotosAnswer`; the new order of the hotel (and gym) photos, a photo left out is removed, `cover` must be one of `images` (null or absent: the first). Only URLs the listing already has (live or awaiting review) can be placed: 400 "Only photos already in the listing can be arranged; upload new ones first"; 400 "The cover must be one of the hotel photos". `captions` (optional) is every photo\'s caption, `{ [photo]: text }`, at most 160 characters each, a blank one none; given, it replaces the captions (left out, they stay); on an approved listing captions wait for review with the photos (`photoCaptions`); 400 "A caption can only be given for a photo of the listing", "A photo caption must be at most 160 characters", "Captions are given per photo: …"; each `ListingPhoto` answers its `caption`, and the hotel\'s answer `photoCaptions` for the photos it shows',
  },
  'DELETE /api/provider/hotels/:id/photos/:photoId': {
    access: 'provider',
    summary: 'Remove an uploaded photo from an own listing',
    params: z.object({ id: z.string(), photoId: z.string() }),
    responses: { 200: hotelPhotosAnswer },
    doc: '`HotelPhotosAnswer` without that uploaded photo (hotel or gym); a deleted cover passes to the first photo left; 404 "Photo not found in this listing"',
  },
  'GET /images/*': {
    access: 'public',
    summary: 'A hotel or gym picture shipped with the catalog (its files in the repository)',
    params: z.object({ '*': z.string() }),
    responses: { 200: rawAnswer('image/*', 'The picture: image/jpeg, image/png or image/webp, by its extension') },
    doc: 'the file under `services/catalog/assets/images` (`IMAGES_DIR`); `Cache-Control: public, max-age=31536000, immutable` (a changed picture gets a new name), `ETag` and `Last-Modified`; 404 for an unknown file, 403 for a folder or a path leaving the folder',
  },
  'GET /images/photos/:file': {
    access: 'public',
    summary: 'An uploaded photo\'s file: the original or a WebP variant',
    params: z.object({ file: z.string() }),
    responses: {
      200: rawAnswer('image/*', 'The stored file: image/webp for a variant, image/jpeg, image/png or image/webp for the original'),
      304: null,
    },
    doc: 'the stored file: `{id}.jpg|png|webp` (the original) or `{id}-{w}.webp` (a variant); `Cache-Control: public, max-age=31536000, immutable`, `ETag` = the file name (304 on `If-None-Match`); 404 for any other name',
  },
});
