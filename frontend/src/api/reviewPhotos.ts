import { apiUrl, type ReviewPhotoUploadAnswer } from '@reproute/contracts';
import { readToken } from '@/lib/tokenStorage';
import { ApiError } from './request';

/**
 * Uploads one gym photo for the caller's next review (POST /api/reviews/photos) with XMLHttpRequest, which reports
 * upload progress; resolves with the stored photo, rejects with an ApiError carrying the server's message.
 */
export function uploadReviewPhoto(file: File, onProgress: (fraction: number) => void): Promise<ReviewPhotoUploadAnswer['photos'][number]> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl('POST /api/reviews/photos'));
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
        resolve((JSON.parse(request.responseText) as ReviewPhotoUploadAnswer).photos[0]!);
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
