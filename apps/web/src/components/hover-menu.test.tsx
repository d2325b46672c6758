import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { HoverMenu } from './hover-menu';

function renderMenu() {
  const chosen = vi.fn();
  render(<HoverMenu label="Аккаунты" items={[{ key: 'a', label: 'Steam', onSelect: chosen }]} />);
  return { button: screen.getByRole('button', { name: 'Аккаунты' }), chosen };
}

describe('HoverMenu (spec section 9)', () => {
  it('opens 300 ms after the pointer rests on it and closes 250 ms after it leaves', () => {
    vi.useFakeTimers();
    try {
      const { button } = renderMenu();
      fireEvent.mouseEnter(button);
      act(() => vi.advanceTimersByTime(299));
      expect(screen.queryByRole('menu')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('menu')).toBeTruthy();
      fireEvent.mouseLeave(button);
      act(() => vi.advanceTimersByTime(249));
      expect(screen.getByRole('menu')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
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

  it('closes on back navigation', () => {
    const { button } = renderMenu();
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('runs an item and closes', () => {
    const { button, chosen } = renderMenu();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Steam' }));
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
