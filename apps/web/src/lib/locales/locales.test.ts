import * as contract from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { en } from './en';
import { ru } from './ru';

function keys(object: object, prefix = ''): string[] {
  return Object.entries(object).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('translations', () => {
  it('has the same keys in Russian and English', () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort());
  });

  it('labels every field of every contract entity', () => {
    const entities = (Object.values(contract) as unknown[]).filter(
      (value): value is contract.EntityDef =>
        typeof value === 'object' && value !== null && 'fields' in value && 'createSchema' in value,
    );
    expect(entities.length).toBeGreaterThan(15);
    const missing = entities.flatMap((entity) =>
      Object.keys(entity.fields).filter((name) => !(name in ru.fields)),
    );
    expect(missing).toEqual([]);
  });

  it('names every status of the contract', () => {
    const statuses = [
      ...contract.STEAM_ACCOUNT_STATUSES,
      ...contract.MARKET_ACCOUNT_STATUSES,
      ...contract.SELL_ITEM_STATUSES,
      ...contract.INVENTORY_ITEM_STATUSES,
      ...contract.RECORD_STATUSES,
      ...contract.CHECKLIST_STEP_STATES,
      ...contract.PROXY_STATUSES,
    ];
    expect(statuses.filter((status) => !(status in ru.enums.status))).toEqual([]);
    expect(contract.SIGNUP_STEPS.filter((step) => !(step in ru.enums.signup_step))).toEqual([]);
  });
});
