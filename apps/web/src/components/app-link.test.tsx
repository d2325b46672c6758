import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { RoutePrefetchContext } from '@/lib/prefetch';
import { renderWithProviders } from '@/test/render';

import { AppLink } from './app-link';

describe('AppLink (spec sections 8 and 9)', () => {
  it('links inside the console and prefetches the route on hover and focus', () => {
    const prefetch = vi.fn();
    renderWithProviders(
      <RoutePrefetchContext.Provider value={prefetch}>
        <AppLink to="/tags">Теги</AppLink>
      </RoutePrefetchContext.Provider>,
    );
    const link = screen.getByRole('link', { name: 'Теги' });
    expect(link.getAttribute('href')).toBe('/tags');
    fireEvent.mouseEnter(link);
    fireEvent.focus(link);
    expect(prefetch).toHaveBeenCalledWith('/tags');
  });

  it('opens another site only when marked external, in a new tab without an opener', () => {
    renderWithProviders(
      <>
        <AppLink to="https://steamcommunity.com/market/listings/730/x" external>
          steam
        </AppLink>
        <AppLink to="https://evil.example/">evil</AppLink>
        <AppLink to="javascript:alert(1)" external>
          script
        </AppLink>
      </>,
    );
    const steam = screen.getByText('steam');
    expect(steam.getAttribute('href')).toBe('https://steamcommunity.com/market/listings/730/x');
    expect(steam.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('evil').hasAttribute('href')).toBe(false);
    expect(screen.getByText('script').hasAttribute('href')).toBe(false);
  });
});
