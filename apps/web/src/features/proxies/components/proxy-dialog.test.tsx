import type { Proxy } from '@toydesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { notifications } from '@/lib/notifications';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubApi } from '@/test/stub-api';

import { ProxyDialog } from './proxy-dialog';

const stored: Proxy = {
  id: 5,
  protocol: 'socks5',
  host: '10.0.0.5',
  port: 1080,
  username: 'farm',
  password: '••••••••',
  comment: 'old dc',
  status: 'up',
  latency_ms: 40,
  last_checked_at: '2026-01-01T10:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
};

/** The bot service answering each PATCH with the next reply. */
function stubPatch(...replies: Response[]) {
  return stubApi(() => replies.shift() ?? jsonResponse({}, 500));
}

function open(onClose = vi.fn()) {
  renderWithProviders(<ProxyDialog proxy={stored} onClose={onClose} />);
  return { dialog: screen.getByRole('dialog'), onClose };
}

describe('proxy dialog, editing', () => {
  it('starts from the stored proxy with the password empty and a hint that empty keeps it', () => {
    stubPatch();
    const { dialog } = open();
    expect(within(dialog).getByText('Прокси socks5://10.0.0.5:1080')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Хост/) as HTMLInputElement).value).toBe('10.0.0.5');
    expect((within(dialog).getByLabelText(/Порт/) as HTMLInputElement).value).toBe('1080');
    expect((within(dialog).getByLabelText(/Пользователь/) as HTMLInputElement).value).toBe('farm');
    const password = within(dialog).getByLabelText('Пароль') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('••••••••');
    expect(within(dialog).getByText('Оставьте пустым, чтобы не менять')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Сохранить' })).toBeTruthy();
  });

  it('saves only what changed through PATCH, the password left out while empty', async () => {
    const calls = stubPatch(jsonResponse({ ...stored, comment: 'new dc' }));
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    const comment = within(dialog).getByLabelText(/Комментарий/);
    await user.clear(comment);
    await user.type(comment, 'new dc');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      { method: 'PATCH', url: expect.stringMatching(/\/api-node\/proxy\/5\/$/), body: { comment: 'new dc' } },
    ]);
    expect(notifications.list().at(-1)).toMatchObject({ text: 'Прокси сохранён', color: 'success' });
  });

  it('sends a typed password, and shows the service’s 400 on its field', async () => {
    const calls = stubPatch(
      jsonResponse({ port: ['Порт занят другим прокси'] }, 400),
      jsonResponse({ ...stored, port: 1081 }),
    );
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    const port = within(dialog).getByLabelText(/Порт/);
    await user.clear(port);
    await user.type(port, '1081');
    await user.type(within(dialog).getByLabelText('Пароль'), 'n3w-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Порт занят другим прокси')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => call.body)).toEqual([
      { port: 1081, password: 'n3w-pass' },
      { port: 1081, password: 'n3w-pass' },
    ]);
  });

  it('checks the fields before sending, and sends nothing when nothing changed', async () => {
    const calls = stubPatch();
    const user = userEvent.setup();
    const { dialog, onClose } = open();
    const port = within(dialog).getByLabelText(/Порт/);
    await user.clear(port);
    await user.type(port, '70000');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText(/65535/)).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(port);
    await user.type(port, '1080');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([]);
  });
});
