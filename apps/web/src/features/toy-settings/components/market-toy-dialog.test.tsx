import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { commonData, jsonResponse, market } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { marketToyRow } from '../testing/toy-row';
import { MarketToyDialog } from './market-toy-dialog';

afterEach(() => vi.unstubAllGlobals());

/** Opens the edit dialog of market toy `id`, types a sell price and saves; `answer` answers the write. */
async function saveSellPrice(id: number, price: string, answer: () => Response) {
  const calls = stubApi(() => undefined, answer);
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<MarketToyDialog marketToy={{ ...marketToyRow(id) }} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  const field = within(dialog).getByRole('textbox', { name: 'Цена продажи' });
  await user.clear(field);
  await user.type(field, price);
  await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
  return { calls, onClose, dialog };
}

describe('MarketToyDialog', () => {
  it("saves an edited row's prices: the name it does not show is not required (issue 12)", async () => {
    const { calls, onClose } = await saveSellPrice(7, '999', () =>
      jsonResponse({ ...marketToyRow(7), price_sell: '999.00' }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PATCH')).toMatchObject([
      { url: expect.stringContaining('/api/market/toys/7/') as string, body: { price_sell: '999' } },
    ]);
  });

  it("shows the prices in the chosen market's currency: $ for Market CSGO USD, ₽ for Market CSGO", async () => {
    stubApi(() => undefined);
    const user = userEvent.setup();
    const common = commonData({
      markets: [
        market('tm', 'Market CSGO'),
        market('tm_usd', 'Market CSGO USD'),
        market('dmarket', 'DMarket'),
      ],
    });
    renderWithProviders(
      <MarketToyDialog marketToy={{ ...marketToyRow(9, { market: 'tm_usd' }) }} onClose={() => undefined} />,
      { common },
    );
    const dialog = await screen.findByRole('dialog');
    const adornmentOf = (label: string) =>
      within(dialog)
        .getByRole('textbox', { name: label })
        .parentElement?.querySelector('.MuiInputAdornment-root')?.textContent;
    expect(adornmentOf('Цена продажи')).toBe('$');
    expect(adornmentOf('Цена покупки')).toBe('$');
    expect(dialog.textContent).not.toContain('₽');
    await user.click(within(dialog).getByRole('combobox', { name: /Площадка/ }));
    await user.click(await screen.findByRole('option', { name: 'Market CSGO' }));
    expect(adornmentOf('Макс. цена покупки')).toBe('₽');
  });

  it('says above the form when the server refuses a field the form does not show', async () => {
    const { onClose, dialog } = await saveSellPrice(8, '12', () =>
      jsonResponse({ toy: ['Недопустимый первичный ключ "108"'] }, 400),
    );
    const error = await within(dialog).findByTestId('form-error');
    expect(error.textContent).toContain('Недопустимый первичный ключ "108"');
    expect(onClose).not.toHaveBeenCalled();
  });
});
