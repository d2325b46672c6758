import { describe, expect, it } from 'vitest';

import { objectTitle } from './audit-names';

describe('objectTitle', () => {
  it('names an object by its stored name, else by its kind and id', () => {
    expect(
      objectTitle({ object_name: 'AK-47 | Redline (Field-Tested)', entity_id: 4788 }, 'Предмет на площадке'),
    ).toBe('AK-47 | Redline (Field-Tested)');
    expect(objectTitle({ object_name: null, entity_id: 4788 }, 'Предмет на площадке')).toBe(
      'Предмет на площадке #4788',
    );
    expect(objectTitle({ object_name: '', entity_id: null }, 'Тег')).toBe('Тег');
  });
});
