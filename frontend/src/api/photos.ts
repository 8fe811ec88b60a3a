import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, photoMaxBytes, photoMessages, type PhotoKind } from '@reproute/contracts';
import { readToken } from '@/lib/tokenStorage';
import { apiQuery, apiQueryKey, callApi, type ApiBody } from './client';
import { hotelReads } from './hotelReads';
import { providerHotelsKey } from './provider';
import { ApiError } from './request';
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

/**
 * Uploads one file as multipart with XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Resolves with the listing's photos after the upload; rejects with an ApiError carrying the server's message.
 */
export function uploadPhoto(hotelId: number, file: File, kind: PhotoKind, onProgress: (fraction: number) => void): Promise<HotelPhotosAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl('POST /api/provider/hotels/:id/photos', { params: { id: hotelId }, query: { kind } }));
    request.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(JSON.parse(request.responseText) as HotelPhotosAnswer);
      } else {
        reject(new ApiError(request.status, request.statusText, request.responseText));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'Network error', JSON.stringify({ message: 'The upload could not reach the server. Check your connection and try again.' })));
    const form = new FormData();
    form.append('photos', file, file.name);
    request.send(form);
  });
}

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
