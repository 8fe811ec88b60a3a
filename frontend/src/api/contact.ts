import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@reproute/contracts';
import { apiRequest } from './request';

/** POST /api/contact; the answer is only read as success or failure. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactRequest) => apiRequest<{ id: string; message: string }>('POST', '/api/contact', body),
  });
}
