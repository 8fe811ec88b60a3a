import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, photoMaxBytes, photoMessages, type PhotoKind } from '@reproute/contracts';
import { apiQuery, apiQueryKey, callApi, type ApiBody } from './client';
import { hotelReads } from './hotelReads';
import { providerHotelsKey } from './provider';
import { uploadWithProgress } from './upload';
import type { HotelPhotosAnswer } from './types';

export const hotelPhotosKey = (hotelId: number) => apiQueryKey('GET /api/provider/hotels/:id/photos', { params: { id: hotelId } });

/** A listing's photos as its provider last arranged them (GET /api/provider/hotels/{id}/photos). */
export function useHotelPhotos(hotelId: number) {
  return useQuery(apiQuery('GET /api/provider/hotels/:id/photos', { params: { id: hotelId } }));
}

const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp'];

/** Why the browser can already tell a file will be refused (the server checks the content again), or null. */
export function photoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!acceptedTypes.includes(file.type)) return photoMessages.type;
  if (file.size > photoMaxBytes) return photoMessages.tooLarge;
  return null;
}

/** Uploads one photo to a listing, reporting progress; resolves with the listing's photos after the upload. */
export const uploadPhoto = (hotelId: number, file: File, kind: PhotoKind, onProgress: (fraction: number) => void): Promise<HotelPhotosAnswer> =>
  uploadWithProgress(apiUrl('POST /api/provider/hotels/:id/photos', { params: { id: hotelId }, query: { kind } }), file, onProgress);

/**
 * After a photo change: the manager shows the answer at once; listings and hotel pages are marked
 * stale without refetching now, so an open edit form is not reset under the provider's hands.
 */
export function usePhotoAnswer(hotelId: number) {
  const queryClient = useQueryClient();
  return (answer: HotelPhotosAnswer) => {
    queryClient.setQueryData(hotelPhotosKey(hotelId), answer);
    void queryClient.invalidateQueries({ queryKey: providerHotelsKey, refetchType: 'none' });
    void queryClient.invalidateQueries({ ...hotelReads, refetchType: 'none' });
  };
}

export function useArrangePhotos(hotelId: number) {
  const apply = usePhotoAnswer(hotelId);
  return useMutation({
    mutationFn: (body: ApiBody<'PUT /api/provider/hotels/:id/photos'>) => callApi('PUT /api/provider/hotels/:id/photos', { params: { id: hotelId }, body }),
    onSuccess: apply,
  });
}

export function useDeletePhoto(hotelId: number) {
  const apply = usePhotoAnswer(hotelId);
  return useMutation({
    mutationFn: (photoId: string) => callApi('DELETE /api/provider/hotels/:id/photos/:photoId', { params: { id: hotelId, photoId } }),
    onSuccess: apply,
  });
}
