import { screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';

import { setUiLang } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';

import { ErrorScreen } from './error-screen';

describe('ErrorScreen (spec section 2)', () => {
  it.each([
    [404, 'Страница не найдена', 'Page not found'],
    [403, 'Доступ запрещён', 'Access denied'],
    [500, 'Упс..', 'Oops..'],
    [502, 'Произошла ошибка', 'An error occurred'],
  ])('heads a %i with its title, in Russian and English', async (status, ru, en) => {
    renderWithProviders(<ErrorScreen status={status} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ru);
    await act(() => setUiLang('en'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en);
  });

  it('makes the error message the page title and links home and to a reload', () => {
    renderWithProviders(<ErrorScreen status={404} message="Page Not Found: /nowhere" />);
    expect(document.title).toBe('Page Not Found: /nowhere');
    expect(screen.getByTestId('error-message').textContent).toBe('Page Not Found: /nowhere');
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Обновить' })).toBeTruthy();
  });
});
