import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { endpointList, endpoints } from '@reproute/contracts';
import { createLogger, type ServiceContext } from '@reproute/platform';
import { buildApp } from '../../src/app.ts';
import { configSchema, type Config } from '../../src/config.ts';
import { newReview, toAdminReview, toPendingReview, toReviewAnswer } from '../../src/domain/reviews.ts';

/** `METHOD /path` of every route in Fastify's route tree (HEAD is Fastify's automatic twin of GET). */
function registeredRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m !== '' && m !== 'HEAD')) routes.push(`${method} ${path}`);
  }
  return routes.sort();
}

describe('engagement endpoints', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Registering routes touches neither Postgres nor Kafka, so the app is built without them.
    const config = configSchema.parse({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', SERVICE_NAME: 'engagement', PORT: '4003', DB_SCHEMA: 'engagement' });
    app = await buildApp({ config, logger: createLogger('test', 'silent') } as unknown as ServiceContext<Config>);
    await app.ready();
  });
  afterAll(async () => app.close());

  it('serves exactly its definitions under /api', () => {
    const all = endpointList.filter((endpoint) => endpoint.service === 'engagement');
    const defined = all.filter((endpoint) => endpoint.path.startsWith('/api/')).map((endpoint) => endpoint.key).sort();
    expect(defined).toHaveLength(all.length - 1);
    expect(registeredRoutes(app).filter((route) => route.split(' ')[1]!.startsWith('/api/'))).toEqual(defined);
    // The one outside /api: review photos' files.
    expect(registeredRoutes(app)).toContain('GET /images/review-photos/:file');
  });

  it('documents every operation with its answers', () => {
    const document = (app as unknown as { swagger: () => { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> } }).swagger();
    for (const endpoint of endpointList.filter((e) => e.service === 'engagement')) {
      const operation = document.paths[endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.key).toBeDefined();
      expect(Object.keys(operation!.responses).sort(), endpoint.key).toEqual([...Object.keys(endpoint.responses), '4XX', '5XX'].sort());
    }
  });
});

describe('review answers', () => {
  const review = newReview(
    '4a7f0f5e-8a0b-4f4e-9d7e-6a1b2c3d4e5f',
    { hotelId: 3, title: 'Great rack', content: 'The squat rack was free every morning.', rating: 5, gymRating: 4, travelType: 'fitness', stayDate: '2026-10', pros: [], cons: [], tags: [] },
    { id: '0d4c1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f', email: 'reviewer@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  );
  const leaks = (answer: unknown) => JSON.stringify(answer).match(/reviewer@example\.com|0d4c1e2f|Lovelace/g) ?? [];

  it("what anyone reads (a hotel's reviews, a new review, a decision, a reply) never carries the reviewer's email, id or last name", () => {
    // Serialized as the service does: through the answer schema, which drops what it does not name.
    const schemas = [endpoints['GET /api/hotels/:hotelId/reviews'].responses[200].element, endpoints['POST /api/reviews'].responses[201], endpoints['PUT /api/reviews/:id/reply'].responses[200]];
    for (const schema of schemas) expect(leaks(schema.parse({ ...review, ...toReviewAnswer(review) }))).toEqual([]);
    expect(toReviewAnswer(review).reviewer).toEqual({ firstName: 'Ada', lastInitial: 'L' });
  });

  it('the admin lists carry the full name, and only the moderation list the email and account id', () => {
    const pending = endpoints['GET /api/reviews'].responses[200].element.parse(toPendingReview(review, 'Hotel'));
    expect(pending.user).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(JSON.stringify(pending)).not.toContain('reviewer@example.com');
    const admin = endpoints['GET /api/admin/reviews'].responses[200].parse({ items: [toAdminReview(review, 'Hotel', { registeredAt: null, reviewCount: 1 })], total: 1, page: 1, pageSize: 25 });
    expect(admin.items[0]!.user).toMatchObject({ id: '0d4c1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f', email: 'reviewer@example.com' });
  });
});
