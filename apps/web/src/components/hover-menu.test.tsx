import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { HoverMenu } from './hover-menu';

/** The menu on the second of two pages, so Back has somewhere to go. */
function renderMenu() {
  const chosen = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <HoverMenu label="Аккаунты" items={[{ key: 'a', label: 'Steam', onSelect: chosen }]} />,
      },
    ],
    { initialEntries: ['/first', '/second'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return { button: screen.getByRole('button', { name: 'Аккаунты' }), chosen, router };
}

describe('HoverMenu (spec section 9)', () => {
  it('opens 300 ms after the pointer rests on it and closes 250 ms after it leaves', () => {
    vi.useFakeTimers();
    try {
      const { button } = renderMenu();
      fireEvent.mouseEnter(button);
      act(() => {
        vi.advanceTimersByTime(299);
      });
      expect(screen.queryByRole('menu')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByRole('menu')).toBeTruthy();
      fireEvent.mouseLeave(button);
      act(() => {
        vi.advanceTimersByTime(249);
      });
      expect(screen.getByRole('menu')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByRole('menu')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on Escape although the menu never had the focus, and gives the focus back to its button', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on back navigation and stays on the page; closed, Back leaves it', async () => {
    const { button, router } = renderMenu();
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(router.state.location.pathname).toBe('/second');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/first');
  });

  it('runs an item and closes', () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Steam' }));
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
