import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyScope, WebhookEventType } from '@reproute/contracts';
import { apiQuery, apiQueryKey, callApi } from './client';

/** The organisation's webhook endpoints and API keys (docs/decisions.md, "Webhooks", "API keys"): owners only. */
const webhooksKey = apiQueryKey('GET /api/provider/webhooks');
const apiKeysKey = apiQueryKey('GET /api/organisation/api-keys');
const deliveriesKey = (id: string) => apiQueryKey('GET /api/provider/webhooks/:id/deliveries', { params: { id } });

export function useWebhooks() {
  return useQuery({ ...apiQuery('GET /api/provider/webhooks'), staleTime: 0, retry: false });
}

/** An endpoint's delivery log, refreshed every few seconds while open (a test event's tries fill in). */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    ...apiQuery('GET /api/provider/webhooks/:id/deliveries', { params: { id: id ?? '' } }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: 3_000,
  });
}

export function useWebhookActions() {
  const queryClient = useQueryClient();
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: webhooksKey });
    if (id) void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) });
  };
  return {
    add: useMutation({
      mutationFn: (body: { url: string; hotelId: number | null; events: WebhookEventType[]; description: string | null }) => callApi('POST /api/provider/webhooks', { body }),
      onSuccess: () => refresh(),
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => callApi('PATCH /api/provider/webhooks/:id', { params: { id }, body: { enabled } }),
      onSuccess: (_answer, { id }) => refresh(id),
    }),
    remove: useMutation({
      mutationFn: (id: string) => callApi('DELETE /api/provider/webhooks/:id', { params: { id } }),
      onSuccess: () => refresh(),
    }),
    rotate: useMutation({
      mutationFn: (id: string) => callApi('POST /api/provider/webhooks/:id/rotate-secret', { params: { id } }),
      onSuccess: (_answer, id) => refresh(id),
    }),
    test: useMutation({
      mutationFn: (id: string) => callApi('POST /api/provider/webhooks/:id/test', { params: { id } }),
      onSuccess: (_answer, id) => refresh(id),
    }),
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) => callApi('POST /api/provider/webhooks/:id/deliveries/:deliveryId/resend', { params: { id, deliveryId } }),
      onSuccess: (_answer, { id }) => refresh(id),
    }),
  };
}

export function useApiKeys() {
  return useQuery({ ...apiQuery('GET /api/organisation/api-keys'), staleTime: 0, retry: false });
}

export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: apiKeysKey });
  return {
    create: useMutation({
      mutationFn: (body: { name: string; scopes: ApiKeyScope[] }) => callApi('POST /api/organisation/api-keys', { body }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => callApi('DELETE /api/organisation/api-keys/:id', { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
