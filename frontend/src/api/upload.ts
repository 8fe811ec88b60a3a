import { readToken } from '@/lib/tokenStorage';
import { ApiError } from './request';

/**
 * POSTs one file as multipart (field `photos`) with XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Resolves with the JSON answer; rejects with an ApiError carrying the server's message. Listing photos
 * (api/photos.ts) and review photos (api/reviewPhotos.ts) upload through it.
 */
export function uploadWithProgress<T>(url: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
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
        resolve(JSON.parse(request.responseText) as T);
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
