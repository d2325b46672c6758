import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query';

import { AppErrorBoundary } from './app-error-boundary';

function Broken(): never {
  throw new Error('the common data had no markets');
}

describe('AppErrorBoundary (spec section 2: fatal errors go to the error screen)', () => {
  it('shows the 500 error screen outside the router, with a plain link to the main page', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </AppProviders>,
    );
    expect(screen.getByTestId('error-screen').dataset.status).toBe('500');
    expect(screen.getByTestId('error-message').textContent).toBe('the common data had no markets');
    expect(document.title).toBe('the common data had no markets');
    const home = screen.getByRole('link', { name: /главную|main page/i });
    expect(home.getAttribute('href')).toBe('/');
    expect(logged).toHaveBeenCalledWith('[app] fatal error', expect.any(Error), expect.anything());
    logged.mockRestore();
  });

  it('renders its children while nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>console</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('console')).toBeTruthy();
  });
});
