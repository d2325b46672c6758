import { quoteUnsafeIntegerLiterals } from '@toydesk/contract';
import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies parsed without rounding 64-bit ids: an integer literal past 2^53 (a maFile's bare
 * `Session.SteamID`) arrives as its exact decimal string. The rest is Fastify's own parser, with its
 * empty-body, syntax and prototype-poisoning refusals (400).
 */
export function useLosslessJsonBodies(app: FastifyInstance): void {
  const parseDefault = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Fastify's default JSON parser answers through `done` and returns nothing; its type also allows the
    // promise of an async parser, which it is not.
    void parseDefault(request, quoteUnsafeIntegerLiterals(body as string), done);
  });
}
