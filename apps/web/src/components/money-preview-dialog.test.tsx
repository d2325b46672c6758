import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { MoneyPreviewDialog, type MoneyPreviewRow } from './money-preview-dialog';

const rows: MoneyPreviewRow[] = [
  { id: 1, name: 'AK-47 | Redline', account: 'tm bot_01', currency: 'RUB', from: '275.59', to: '250.00' },
  { id: 2, name: 'AWP | Asiimov', account: 'tm_usd bot_02', currency: 'USD', from: '12.11', to: '11.50' },
  {
    id: 3,
    name: 'M4A4 | Howl',
    account: 'tm bot_01',
    currency: 'RUB',
    from: '100.00',
    to: '120.00',
    preselected: false,
    marks: [{ label: 'нет диапазона цен', tone: 'error' }],
  },
  { id: 4, name: 'Glock', account: 'tm bot_03', currency: 'RUB', from: '5.00', to: null, sendable: false },
];

const plain = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';

describe('MoneyPreviewDialog', () => {
  it('shows each row old → new in its own currency, and confirms only the ticked, sendable rows', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <MoneyPreviewDialog
        title="Цены"
        rows={rows}
        selectable
        confirmLabel="Задать цены"
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const shown = screen.getAllByTestId('money-preview-row');
    expect(plain(shown[0]!)).toContain('275.59 ₽→ 250.00 ₽');
    expect(plain(shown[1]!)).toContain('12.11 $→ 11.50 $');
    expect(shown.map((row) => row.dataset.sent)).toEqual(['true', 'true', 'false', 'false']);
    const summary = plain(screen.getByTestId('money-preview-summary'));
    expect(summary).toContain('Аккаунты (2): tm bot_01, tm_usd bot_02');
    expect(summary).toContain('Будет отправлено строк: 2 из 4');
    expect(summary).toContain('250.00 ₽ · 11.50 $');

    // Ticking the flagged row adds it to the accounts, the count and the total.
    await user.click(screen.getByRole('checkbox', { name: 'Отправить M4A4 | Howl' }));
    expect(plain(screen.getByTestId('money-preview-totals'))).toContain('370.00 ₽ · 11.50 $');
    await user.click(screen.getByRole('checkbox', { name: 'Отправить AWP | Asiimov' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Задать цены' }));
    expect(onConfirm).toHaveBeenCalledWith([1, 3]);

    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalled();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('sums the old amounts for a take-off, and cannot be confirmed with nothing to send or while blocked', () => {
    renderWithProviders(
      <MoneyPreviewDialog
        title="Снять"
        rows={rows.slice(3)}
        totalOf="from"
        blocked="Читаем…"
        confirmLabel="Снять"
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(plain(screen.getByTestId('money-preview-totals'))).toContain('Итого по снимаемым лотам: —');
    expect(screen.getByTestId('money-preview-confirm')).toHaveProperty('disabled', true);
    expect(screen.getByText('Читаем…')).toBeTruthy();
  });
});
