import { steamAccountEntity } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { formToBody, initialFormValues } from './entity-form';

const record = {
  steam_account_name: 'trade_bot_01',
  login: 'tb01',
  password: '••••••••',
  email: null,
  proxy: 3,
  tags: [11],
  balance: '10.00',
  status: 'active',
};

describe('entity forms', () => {
  it('starts secrets empty and other fields from the record', () => {
    const values = initialFormValues(steamAccountEntity, record);
    expect(values.password).toBe('');
    expect(values.login).toBe('tb01');
    expect(values.email).toBe('');
    expect(values.proxy).toBe('3');
    expect(values.tags).toEqual([11]);
    expect('market_accounts' in values).toBe(false);
    expect('id' in values).toBe(false);
  });

  it('sends only changed fields in a PATCH, and a secret only when typed', () => {
    const initial = initialFormValues(steamAccountEntity, record);
    expect(formToBody(steamAccountEntity, initial, 'patch', initial)).toEqual({});
    const changed = { ...initial, login: 'tb01-new', email: '', proxy: '', shared_secret: 'abc' };
    expect(formToBody(steamAccountEntity, changed, 'patch', initial)).toEqual({
      login: 'tb01-new',
      proxy: null,
      shared_secret: 'abc',
    });
  });

  it('turns blank optional fields into null and leaves defaults out on create', () => {
    const values = { ...initialFormValues(steamAccountEntity), steam_account_name: 'new_bot' };
    expect(formToBody(steamAccountEntity, values, 'create')).toEqual({
      steam_account_name: 'new_bot',
      login: null,
      steam_id: null,
      email: null,
      phone: null,
      proxy: null,
      server_group: null,
      tags: [],
      trade_url: null,
      notes: null,
    });
  });
});
