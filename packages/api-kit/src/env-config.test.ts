import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { commaList, envFlag, envPort, parseEnv } from './env-config.ts';
import { toFastifyPath } from './fastify-path.ts';

const schema = z.object({ PORT: envPort(8080), TOYDESK_TRUST_PROXY: envFlag.default('0') });

describe('configuration from the environment', () => {
  it('treats an empty variable as unset, so its default applies', () => {
    expect(parseEnv(schema, { PORT: '', TOYDESK_TRUST_PROXY: '' })).toEqual({
      PORT: 8080,
      TOYDESK_TRUST_PROXY: '0',
    });
    expect(parseEnv(schema, { PORT: '0' }).PORT).toBe(0);
  });

  it('stops the start with one line per bad variable, naming it', () => {
    expect(() => parseEnv(schema, { PORT: '70000', TOYDESK_TRUST_PROXY: 'yes' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}TOYDESK_TRUST_PROXY: /,
    );
  });

  it('splits a comma list into trimmed, non-empty items', () => {
    expect(commaList(' https://a.example , ,https://b.example,')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it("writes the contract's path parameters as Fastify's", () => {
    expect(toFastifyPath('/api-node/steam/{id}/confirmations/{confirmation_id}/')).toBe(
      '/api-node/steam/:id/confirmations/:confirmation_id/',
    );
  });
});
