import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '@reproute/platform';
import { messages } from '@reproute/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The most a request body of this route may hold (bytes); the gateway refuses more with 413. */
    bodyMaxBytes?: number;
  }
}

/** The 413 answer, sent as soon as the limit is passed; the rest of the body is read and dropped, never held. */
export class BodyTooLarge extends HttpError {
  readonly limit: number;

  constructor(limit: number) {
    super(413, messages.requestTooLarge);
    this.limit = limit;
  }
}

/** The requests whose body was refused: their 413 keeps the connection (see keepConnectionAfterRefusal). */
const refused = new WeakSet<FastifyRequest>();

/**
 * An onSend hook for the scopes that use boundedBody. Fastify marks any parser error `Connection: close`, and Node
 * then ends the socket after the 413 while the caller is still sending: the caller's unread bytes make the kernel
 * answer with a reset, which can take the 413 with it before the caller reads it. The refused body is read and
 * dropped instead (as nginx's lingering close does), so the connection stays and the 413 is always read.
 */
export function keepConnectionAfterRefusal(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  if (refused.has(request)) reply.removeHeader('connection');
  done(null, payload);
}

/**
 * The gateway's body parser for every routed request: the body is read into one buffer of at most the
 * route's `bodyMaxBytes` (which the balancer needs whole anyway, to send it again to another instance), and
 * refused with 413 as soon as the declared length or the bytes counted so far pass the limit, so the gateway
 * never holds more than the limit of any request. The service parses and validates what it gets.
 */
export function boundedBody(request: FastifyRequest, payload: IncomingMessage, done: (err: Error | null, body?: Buffer) => void): void {
  const limit = request.routeOptions.config?.bodyMaxBytes ?? 0;
  const refuse = () => {
    // Nothing more of this body is wanted: the rest is read and dropped (never held) while the 413 goes out. Closing
    // at once would reset the connection with the caller's bytes unread, and a reset can take the 413 with it.
    // A caller that keeps sending is cut off by the request timeout (REQUEST_TIMEOUT_MS).
    payload.resume();
    refused.add(request);
    done(new BodyTooLarge(limit));
  };
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return refuse();
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (err: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    done(err, body);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      chunks.length = 0;
      refused.add(request);
      finish(new BodyTooLarge(limit));
      // As above: the rest flows past, read and dropped.
      payload.resume();
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => finish(null, Buffer.concat(chunks, received));
  const onError = (err: Error) => finish(err);
  payload.on('data', onData);
  payload.once('end', onEnd);
  payload.once('error', onError);
}
