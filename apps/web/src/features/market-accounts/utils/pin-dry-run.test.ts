import { describe, expect, it } from 'vitest';

import type { VirtualColumn } from '@/components/virtual-table/virtual-table';

import { pinDryRun } from './pin-dry-run';

const column = (id: string): VirtualColumn<object> => ({ id, header: id, render: () => null });

describe('pinDryRun', () => {
  it('moves the dry-run column beside the actions and pins it', () => {
    const ids = ['label', 'keep_online', 'dry_run', 'loops', 'spent_today', 'actions'];
    const result = pinDryRun(ids.map(column));
    expect(result.map((c) => c.id)).toEqual([
      'label',
      'keep_online',
      'loops',
      'spent_today',
      'dry_run',
      'actions',
    ]);
    expect(result.find((c) => c.id === 'dry_run')?.pinned).toBe('right');
  });

  it('leaves columns without a dry-run switch or actions as they are', () => {
    const columns = ['label', 'actions'].map(column);
    expect(pinDryRun(columns)).toBe(columns);
  });
});
