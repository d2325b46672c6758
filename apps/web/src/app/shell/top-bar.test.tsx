import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { commonData } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

import { NAV_GROUPS } from './nav-items';
import { TopBar } from './top-bar';

describe('top bar', () => {
  it('shows the navigation in Russian, the operator and DEMO', () => {
    renderWithProviders(<TopBar />);
    const nav = screen.getByRole('navigation', { name: 'Разделы' });
    expect(within(nav).getByRole('button', { name: 'Steam-аккаунты' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Прокси' }).getAttribute('href')).toBe('/proxy');
    expect(screen.getByTestId('operator-name').textContent).toBe('admin');
    expect(screen.getByTestId('demo-badge').textContent).toBe('DEMO');
    expect(screen.getByRole('link', { name: 'Выйти' })).toBeTruthy();
  });

  it('hides DEMO outside demo mode', () => {
    renderWithProviders(<TopBar />, { common: commonData({ demo: false }) });
    expect(screen.queryByTestId('demo-badge')).toBeNull();
  });

  it('switches the language to English and back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopBar />);
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log out' })).toBeTruthy();
    expect(localStorage.getItem('toydesk.lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Русский' }));
    expect(screen.getByRole('link', { name: 'Выйти' })).toBeTruthy();
  });

  it('opens a section menu and links every route of the section', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TopBar />);
    await user.click(screen.getByRole('button', { name: 'Справочники' }));
    const menu = await screen.findByRole('menu');
    const reference = NAV_GROUPS.find((group) => group.key === 'reference')!;
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual(reference.links.map((link) => link.to));
  });
});
