// The floor a service stands on: Fastify and node-postgres alone, answering one of the service's reads with the
// service's own queries (infra/bench/service-floor-reads.ts) and no hooks, token checks, schemas, logs, traces,
// metrics, ETags or load shedding. infra/bench/service-floor.ts runs it beside the service.
//   FLOOR=catalog PORT=8094 DATABASE_URL=postgres://catalog@127.0.0.1:5432/reproute DB_SCHEMA=catalog \
//     [USER_ID=…] node --import tsx infra/bench/service-floor-server.ts
import Fastify from 'fastify';
import { createPool } from '@reproute/platform';
import { floorReads } from './service-floor-reads.ts';

const read = floorReads.find((r) => r.service === process.env.FLOOR);
if (!read) throw new Error(`FLOOR must name one of ${floorReads.map((r) => r.service).join(', ')}`);
const userId = process.env.USER_ID ?? '';
// The pool the service makes (size, search_path, type parsers).
const pool = createPool({ url: process.env.DATABASE_URL!, schema: process.env.DB_SCHEMA ?? read.service });
const app = Fastify();
app.get(read.path, () => read.answer(pool, userId));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8094) });
// Stopped by the benchmark: close, so a --cpu-prof profile is written.
process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
