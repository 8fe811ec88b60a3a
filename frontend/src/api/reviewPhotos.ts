import { apiUrl, type ReviewPhotoUploadAnswer } from '@reproute/contracts';
import { uploadWithProgress } from './upload';

/**
 * Uploads one gym photo for the caller's next review (POST /api/reviews/photos) with XMLHttpRequest, which reports
 * upload progress; resolves with the stored photo, rejects with an ApiError carrying the server's message.
 */
export const uploadReviewPhoto = async (file: File, onProgress: (fraction: number) => void): Promise<ReviewPhotoUploadAnswer['photos'][number]> =>
  (await uploadWithProgress<ReviewPhotoUploadAnswer>(apiUrl('POST /api/reviews/photos'), file, onProgress)).photos[0]!;
