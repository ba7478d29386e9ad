import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  balanceResponseSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
  statementParamsSchema,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { authenticate, organiserOf } from '../../http/auth.js';
import { send, sendCsv } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { balances, ledgerCsv, ledgerEntries, statementCsv, statementPdfFile } from './ledger.service.js';

/** The organisation's money is for its owner and admins; a door-only teammate sees none of it (403). */
function moneyCallerOf(request: FastifyRequest) {
  const caller = organiserOf(request);
  if (caller.role === 'checkin') throw forbidden('Door-only access: ask the organisation owner for this');
  return caller;
}

/**
 * The organisation's money (docs/api.md#money): balances, the ledger (JSON and CSV) and monthly
 * statements (PDF and CSV), always of the caller's own organisation.
 */
export async function ledgerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', authenticate(ctx.db, 'organizer'));

  r.get('/client/balance', { schema: { response: { 200: balanceResponseSchema } } }, async (request, reply) =>
    send(reply, await balances(ctx, moneyCallerOf(request).organisationId)),
  );

  r.get(
    '/client/ledger',
    { schema: { querystring: ledgerQuerySchema, response: { 200: ledgerResponseSchema } } },
    async (request, reply) =>
      send(reply, await ledgerEntries(ctx, moneyCallerOf(request).organisationId, request.query)),
  );

  r.get('/client/ledger.csv', { schema: { querystring: ledgerQuerySchema } }, async (request, reply) =>
    sendCsv(reply, await ledgerCsv(ctx, moneyCallerOf(request).organisationId, request.query)),
  );

  r.get('/client/statements/:file', { schema: { params: statementParamsSchema } }, async (request, reply) => {
    const { organisationId } = moneyCallerOf(request);
    const { month, format } = request.params.file;
    if (format === 'csv') return sendCsv(reply, await statementCsv(ctx, organisationId, month));
    const file = await statementPdfFile(ctx, organisationId, month);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .type('application/pdf')
      .send(file.pdf);
  });
}
