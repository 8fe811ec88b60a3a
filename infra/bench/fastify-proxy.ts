// The floor of a gateway built on Fastify: the minimal proxy (infra/bench/minimal-proxy.ts) with Fastify in front
// of the undici pool, one wildcard route, the answer read whole and sent with its headers, no hooks, logs or
// traces. infra/bench/gateway-overhead.ts runs it beside the gateway, so the gateway's cost splits into what the
// framework costs and what its own request path adds.
//   UPSTREAM=http://127.0.0.1:4003 PORT=8094 node --import tsx infra/bench/fastify-proxy.ts
import Fastify from 'fastify';
import { Pool } from 'undici';

const pool = new Pool(process.env.UPSTREAM ?? 'http://127.0.0.1:4003', { connections: 64 });
const notRelayed = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const app = Fastify({ logger: false });

app.get('/*', async (request, reply) => {
  const { statusCode, headers, body } = await pool.request({ method: 'GET', path: request.url, headers: request.headers });
  const whole = Buffer.from(await body.arrayBuffer());
  for (const name in headers) if (!notRelayed.has(name)) reply.header(name, headers[name]);
  return reply.code(statusCode).send(whole);
});

await app.listen({ port: Number(process.env.PORT ?? 8094), host: '127.0.0.1' });
