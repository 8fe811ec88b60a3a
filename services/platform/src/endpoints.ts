import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { errorBody, type Access, type Endpoint, type Role, type EndpointAnswer, type EndpointBody, type EndpointKey, type EndpointParams, type EndpointQuery, type EndpointSpec, type RawAnswer } from '@reproute/contracts';
import { forbidden, unauthorized } from './errors.ts';
import { documentedOnly, noContentAnswer, publicRead } from './http-parts.ts';

export { documentedOnly } from './http-parts.ts';

/** The request a handler receives: params, query and body already validated by the endpoint's schemas. */
export type EndpointRequest<E extends EndpointSpec> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
};

/**
 * A handler returns the answer (sent with the endpoint's success status, serialized through its
 * schema) or sends through `reply` itself (another declared status, a raw body, headers).
 */
export type EndpointHandler<E extends EndpointSpec> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E> | FastifyReply>;

/**
 * What an access level asks of a caller with these roles (undefined: no valid token): 401 without a
 * token, 403 without the role. The services judge it from request.user, the gateway from the token it screened.
 */
export function checkAccess(access: Access, roles: readonly Role[] | undefined): void {
  if (access === 'public') return;
  if (!roles) throw unauthorized();
  if ((access === 'provider' || access === 'admin') && !roles.includes(access)) throw forbidden();
}

const isRaw = (answer: unknown): answer is RawAnswer => typeof answer === 'object' && answer !== null && (answer as RawAnswer).raw === true;

/** The answers of an endpoint as Fastify response schemas: each success status, and the error body for the rest. */
export function responseSchemas(endpoint: EndpointSpec): Record<string, unknown> {
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    if (answer === null) response[status] = noContentAnswer;
    else if (isRaw(answer)) response[status] = { description: answer.description, content: { [answer.contentType]: { schema: z.string() } } };
    else response[status] = answer;
  }
  response['4xx'] = errorBody;
  response['5xx'] = errorBody;
  return response;
}

/** The success status a handler's returned answer is sent with: the endpoint's only (or lowest) declared one. */
function defaultStatus(endpoint: EndpointSpec): number {
  return Math.min(...Object.keys(endpoint.responses).map(Number));
}

/**
 * Registers the handler of one endpoint from its definition in `contracts/`: method and path, the
 * access guard, the input schemas (validated, with the spec's messages as 400s) and the answer
 * schemas (the answer is serialized through them, so a field not in the schema never leaves).
 */
export function serveEndpoint<K extends EndpointKey, E extends Endpoint<K>>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: Pick<RouteShorthandOptions, 'bodyLimit' | 'logLevel'> = {},
): void {
  // A multipart body is read by the handler, part by part; its schema only documents it.
  if (endpoint.multipart && endpoint.body) documentedOnly.add(endpoint.body);
  const status = defaultStatus(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    // The access level goes with the route, so every answer of a non-public endpoint is marked no-store (private-answers.ts).
    config: { ...(endpoint.publicRead ? publicRead : {}), access: endpoint.access },
    preValidation:
      endpoint.access === 'public'
        ? undefined
        : (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
            try {
              checkAccess(endpoint.access, request.user?.roles);
              done();
            } catch (err) {
              done(err as Error);
            }
          },
    schema: {
      summary: endpoint.summary,
      ...(endpoint.doc ? { description: endpoint.doc } : {}),
      tags: [endpoint.service],
      ...(endpoint.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
      ...(endpoint.apiKeyScope ? { security: [{ apiKeyAuth: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.internal ? { hide: true } : {}),
      response: responseSchemas(endpoint),
    },
    handler: async (request, reply) => {
      const answer = await handler(request as unknown as EndpointRequest<E>, reply);
      if (answer === reply || reply.sent) return answer;
      if (reply.statusCode === 200 && status !== 200) reply.code(status);
      return answer;
    },
  });
}
