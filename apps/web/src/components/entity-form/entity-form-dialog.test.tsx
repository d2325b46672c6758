import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { marketToyEntity } from '@toydesk/contract';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { EntityFormDialog } from './entity-form-dialog';

const RECORD = {
  id: 3,
  toy: 103,
  market: 'tm',
  market_hash_name: 'AWP | Asiimov (Field-Tested)',
  price_buy: '900.00',
  price_sell: '950.00',
};

describe('EntityFormDialog', () => {
  it('names a failed check on a field it does not show above the form instead of swallowing it', async () => {
    const save = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <EntityFormDialog
        entity={marketToyEntity}
        record={RECORD}
        fields={['price_sell']}
        title="Цены"
        validate={() => ({ toy: 'Нет такого предмета' })}
        save={save}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Цена продажи' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect((await within(dialog).findByTestId('form-error')).textContent).toBe(
      'Предмет: Нет такого предмета',
    );
    expect(save).not.toHaveBeenCalled();
  });

  it('requires only the required fields it shows', async () => {
    const save = vi.fn().mockResolvedValue({});
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <EntityFormDialog
        entity={marketToyEntity}
        record={RECORD}
        fields={['market', 'price_sell']}
        required={['market_hash_name', 'market']}
        title="Цены"
        save={save}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByRole('textbox', { name: 'Цена продажи' });
    await user.clear(price);
    await user.type(price, '960');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(save).toHaveBeenCalledWith({ price_sell: '960' }, 'patch');
    expect(within(dialog).queryByTestId('form-error')).toBeNull();
  });
});
