import type { FastifyInstance } from 'fastify';
import { bookingReport, endpoints } from '@reproute/contracts';
import { badRequest, requireScope, requireUser, serveEndpoint, withTransaction, type ServiceContext } from '@reproute/platform';
import type { Config } from '../config.ts';
import { requireApiKey, type ApiKeyVerifier } from '../domain/api-keys.ts';
import { parseBookingCsv, statementCsv } from '../domain/booking-csv.ts';
import { funnel, reportBooking, statement } from '../store/bookings.ts';

/** Referred bookings (proof of value): reported by a partner's system, the dashboard or a CSV; the funnel and the statement. */
export async function bookingRoutes(app: FastifyInstance, { ctx, verify }: { ctx: ServiceContext<Config>; verify: ApiKeyVerifier }) {
  serveEndpoint(app, endpoints['POST /api/partner/bookings'], async (request, reply) => {
    const key = await requireApiKey(request, verify, 'leads:write');
    const made = await reportBooking(ctx.pool, { organisationId: key.organisationId, scope: { kind: 'all', except: [] } }, request.body, 'api');
    return reply.status(201).send(made);
  });

  serveEndpoint(app, endpoints['POST /api/provider/bookings'], async (request, reply) => {
    const made = await reportBooking(ctx.pool, requireScope(requireUser(request), 'leads'), request.body, 'dashboard');
    return reply.status(201).send(made);
  });

  /** Every row checked, then all stored in one transaction: one bad row stores nothing and names itself. */
  serveEndpoint(app, endpoints['POST /api/provider/bookings.csv'], async (request, reply) => {
    const access = requireScope(requireUser(request), 'leads');
    const parsed = parseBookingCsv(request.body.csv);
    if (!parsed.ok) throw badRequest(parsed.message);
    if (parsed.rows.length > 1_000) throw badRequest('The CSV may be at most 200,000 characters (1,000 bookings)');
    const reports = parsed.rows.map(({ row, body }) => {
      const result = bookingReport.safeParse(body);
      if (!result.success) throw badRequest(`Row ${row}: ${result.error.issues[0]?.message ?? 'invalid'}`);
      return { row, report: result.data };
    });
    const made = await withTransaction(ctx.pool, async (tx) => {
      const out = [];
      for (const { row, report } of reports) {
        try {
          out.push(await reportBooking(tx, access, report, 'csv'));
        } catch (err) {
          const message = (err as { message?: string }).message ?? 'invalid';
          throw badRequest(`Row ${row}: ${message}`);
        }
      }
      return out;
    });
    return reply.status(201).send({ items: made });
  });

  serveEndpoint(app, endpoints['GET /api/provider/funnel'], async (request) => ({ items: await funnel(ctx.pool, requireScope(requireUser(request), 'figures')) }));

  serveEndpoint(app, endpoints['GET /api/provider/statement'], async (request) => statement(ctx.pool, requireScope(requireUser(request), 'figures'), request.query.month));

  serveEndpoint(app, endpoints['GET /api/provider/statement.csv'], async (request, reply) => {
    const answer = await statement(ctx.pool, requireScope(requireUser(request), 'figures'), request.query.month);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="reproute-statement-${answer.month}.csv"`)
      .header('cache-control', 'no-store')
      .send(statementCsv(answer));
  });
}
