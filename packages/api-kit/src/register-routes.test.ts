import { API_ROUTES } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { takesRows } from './register-routes.ts';

describe('takesRows', () => {
  it("picks the API's bulk routes, which alone may take bodies over 1 MB", () => {
    const bulk = API_ROUTES.filter((route) => takesRows(route.body)).map((route) => route.id);
    expect(bulk.sort()).toMatchInlineSnapshot(`
      [
        "history.bulk_create_or_update",
        "market-toys.bulk_create_or_update_by_mhn",
        "steam-inventory.bulk_create_and_update",
        "toy-dynamic-settings.create_or_update",
        "toy-groups.bulk_create_or_update",
        "toys.create_and_update",
      ]
    `);
  });
});
