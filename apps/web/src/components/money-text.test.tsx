import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { market } from '@/test/fixtures';
import { Providers } from '@/test/render';

import { MoneyText } from './money-text';

describe('MoneyText', () => {
  it('shows an amount in its own currency', () => {
    const { container } = render(
      <Providers>
        <MoneyText amount="49804.34" currency="RUB" />
      </Providers>,
    );
    expect(container.textContent).toBe('49\u00a0804.34\u00a0₽');
  });

  it('shows an amount converted to the display currency with the market rates', () => {
    const { container } = render(
      <Providers>
        <MoneyText
          amount="49804.34"
          currency="RUB"
          displayCurrency="USD"
          rates={market('steam', 'Steam', '92.5')}
        />
      </Providers>,
    );
    expect(container.textContent).toBe('538.43\u00a0$');
  });
});
