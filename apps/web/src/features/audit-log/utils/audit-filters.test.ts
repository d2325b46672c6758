import { describe, expect, it } from 'vitest';

import { auditQuery, changedFields } from './audit-filters';

describe('audit log filters', () => {
  it('builds the list filters, the "to" day included', () => {
    const query = auditQuery({
      entity: 'tag',
      action: 'update',
      operator: ' adm ',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(query).toMatchObject({ entity: 'tag', action: 'update', operator__icontains: 'adm' });
    expect(new Date(String(query.at__lt)).getTime() - new Date(String(query.at__gte)).getTime()).toBe(
      2 * 24 * 3600 * 1000,
    );
    expect(auditQuery({ entity: '', action: '', operator: '', from: '', to: '' })).toEqual({});
  });

  it('lists only the fields an update changed', () => {
    expect(changedFields({ name: 'a', color: '#fff', id: 1 }, { name: 'b', color: '#fff', id: 1 })).toEqual([
      { field: 'name', before: 'a', after: 'b' },
    ]);
    expect(changedFields(null, { name: 'a' })).toEqual([{ field: 'name', before: '', after: 'a' }]);
  });
});
