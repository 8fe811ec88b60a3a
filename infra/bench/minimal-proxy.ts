// The floor any Node.js gateway stands on: a reverse proxy in a few lines (node:http in, an undici pool out, the
// answer piped back), with no routing, screening, limits, logs or traces. infra/bench/gateway-overhead.ts runs it
// beside the gateway and nginx, so the gateway's cost reads against what Node itself costs on this machine.
//   UPSTREAM=http://127.0.0.1:4003 PORT=8093 node --import tsx infra/bench/minimal-proxy.ts
import http from 'node:http';
import { Pool } from 'undici';

const upstream = process.env.UPSTREAM ?? 'http://127.0.0.1:4003';
const pool = new Pool(upstream, { connections: 64 });
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding']);

http
  .createServer((req, res) => {
    pool
      .request({ method: req.method as 'GET', path: req.url ?? '/', headers: req.headers, body: req.method === 'GET' || req.method === 'HEAD' ? null : req })
      .then(
        ({ statusCode, headers, body }) => {
          for (const name of Object.keys(headers)) if (!hopByHop.has(name)) res.setHeader(name, headers[name]!);
          res.statusCode = statusCode;
          body.pipe(res);
        },
        () => {
          res.statusCode = 502;
          res.end();
        },
      );
  })
  .listen(Number(process.env.PORT ?? 8093), '127.0.0.1');
