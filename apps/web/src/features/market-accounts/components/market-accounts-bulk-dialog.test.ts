import { describe, expect, it } from 'vitest';

import { bulkFields } from './market-accounts-bulk-dialog';

describe('bulkFields', () => {
  it('sends only what the operator chose to change', () => {
    expect(bulkFields({ status: '', proxy: '', tags: null, switches: {} })).toEqual({});
    expect(
      bulkFields({
        status: 'paused',
        proxy: 'none',
        tags: [],
        switches: { dry_run: 'off', auto_sell: 'on', keep_online: '' },
      }),
    ).toEqual({ status: 'paused', proxy: null, tags: [], dry_run: false, auto_sell: true });
    expect(bulkFields({ status: '', proxy: '12', tags: null, switches: {} })).toEqual({ proxy: 12 });
  });
});
