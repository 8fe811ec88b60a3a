import { useMutation } from '@tanstack/react-query';
import { callApi, type ApiBody } from './client';

/** POST /api/contact; the answer is only read as success or failure. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/contact'>) => callApi('POST /api/contact', { body }),
  });
}
