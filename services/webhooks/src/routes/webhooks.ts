import type { FastifyInstance } from 'fastify';
import { endpoints, webhookMessages } from '@reproute/contracts';
import { badRequest, conflict, HttpError, notFound, requireUser, serveEndpoint, withTransaction, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import type { Dispatcher } from '../dispatcher.ts';
import { checkWebhookUrl } from '../domain/addresses.ts';
import { ownerOf } from '../domain/owner.ts';
import { newWebhookSecret } from '../domain/signing.ts';
import { createEndpoint, deleteEndpoint, findEndpoint, listEndpoints, rotateSecret, setEndpointEnabled, toEndpoint } from '../store/endpoints.ts';
import { deliveryLog, findDelivery, queueTestMessage, requeueDelivery } from '../store/deliveries.ts';
import { ownedHotelName } from '../store/hotels.ts';
import { exportWebhooks } from '../store/account-data.ts';

/** A partner's webhook endpoints: add, list, turn off and on, rotate the secret, test, the log and "send again". */
export async function webhookRoutes(app: FastifyInstance, { ctx, dispatcher }: { ctx: ServiceContext<Config>; dispatcher: Dispatcher }) {
  const policy = { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES, allowHttp: ctx.config.WEBHOOK_ALLOW_HTTP };

  const ownedEndpoint = async (ownerId: string, id: string) => {
    const endpoint = await findEndpoint(ctx.pool, ownerId, id);
    if (!endpoint) throw notFound(webhookMessages.notFound);
    return endpoint;
  };

  serveEndpoint(app, endpoints['GET /api/provider/webhooks'], async (request) => {
    const { ownerId } = ownerOf(requireUser(request));
    return { items: (await listEndpoints(ctx.pool, ownerId)).map(toEndpoint) };
  });

  serveEndpoint(app, endpoints['POST /api/provider/webhooks'], async (request) => {
    const { ownerId, ownerEmail } = ownerOf(requireUser(request));
    const body = request.body;
    const verdict = await checkWebhookUrl(body.url, policy);
    if (!verdict.ok) throw badRequest(verdict.message, [{ path: 'url', message: verdict.message }]);
    if (body.hotelId !== null && !(await ownedHotelName(ctx.pool, ownerId, body.hotelId))) {
      throw badRequest(webhookMessages.hotelNotOwned, [{ path: 'hotelId', message: webhookMessages.hotelNotOwned }]);
    }
    const secret = newWebhookSecret();
    const made = await createEndpoint(ctx.pool, { ownerId, ownerEmail, url: verdict.url.toString(), hotelId: body.hotelId, events: body.events, description: body.description, secret });
    if (made === 'too-many') throw badRequest(webhookMessages.tooMany);
    request.log.info({ endpointId: made.id, host: verdict.url.host }, 'webhook endpoint added');
    return { ...toEndpoint(made), secret };
  });

  serveEndpoint(app, endpoints['PATCH /api/provider/webhooks/:id'], async (request) => {
    const { ownerId } = ownerOf(requireUser(request));
    const endpoint = await setEndpointEnabled(ctx.pool, ownerId, request.params.id, request.body.enabled);
    if (!endpoint) throw notFound(webhookMessages.notFound);
    if (request.body.enabled) dispatcher.nudge();
    return toEndpoint(endpoint);
  });

  serveEndpoint(app, endpoints['DELETE /api/provider/webhooks/:id'], async (request, reply) => {
    const { ownerId } = ownerOf(requireUser(request));
    if (!(await deleteEndpoint(ctx.pool, ownerId, request.params.id))) throw notFound(webhookMessages.notFound);
    return reply.status(204).send();
  });

  serveEndpoint(app, endpoints['POST /api/provider/webhooks/:id/rotate-secret'], async (request) => {
    const { ownerId } = ownerOf(requireUser(request));
    const secret = newWebhookSecret();
    const endpoint = await rotateSecret(ctx.pool, ownerId, request.params.id, secret, ctx.config.WEBHOOK_SECRET_OVERLAP_SECONDS);
    if (!endpoint) throw notFound(webhookMessages.notFound);
    request.log.info({ endpointId: endpoint.id }, 'webhook secret rotated');
    return { ...toEndpoint(endpoint), secret };
  });

  serveEndpoint(app, endpoints['POST /api/provider/webhooks/:id/test'], async (request) => {
    const { ownerId } = ownerOf(requireUser(request));
    const endpoint = await ownedEndpoint(ownerId, request.params.id);
    if (endpoint.status !== 'active') throw conflict(webhookMessages.disabled);
    const deliveryId = await queueTestMessage(ctx.pool, endpoint.id);
    dispatcher.nudge();
    return (await findDelivery(ctx.pool, endpoint.id, deliveryId))!;
  });

  serveEndpoint(app, endpoints['GET /api/provider/webhooks/:id/deliveries'], async (request) => {
    const { ownerId } = ownerOf(requireUser(request));
    const endpoint = await ownedEndpoint(ownerId, request.params.id);
    return { items: await deliveryLog(ctx.pool, endpoint.id) };
  });

  serveEndpoint(app, endpoints['POST /api/provider/webhooks/:id/deliveries/:deliveryId/resend'], async (request) => {
    const { ownerId } = ownerOf(requireUser(request));
    const endpoint = await ownedEndpoint(ownerId, request.params.id);
    if (endpoint.status !== 'active') throw conflict(webhookMessages.disabled);
    const delivery = await withTransaction(ctx.pool, async (tx) => ((await requeueDelivery(tx, endpoint.id, request.params.deliveryId)) ? findDelivery(tx, endpoint.id, request.params.deliveryId) : null));
    if (!delivery) throw new HttpError(404, webhookMessages.deliveryNotFound);
    dispatcher.nudge();
    return delivery;
  });

  serveEndpoint(app, endpoints['GET /api/webhooks/me/export'], async (request) => exportWebhooks(ctx.pool, requireUser(request).id));
}
