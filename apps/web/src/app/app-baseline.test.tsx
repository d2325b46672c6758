import { ThemeProvider } from '@mui/material';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createAppTheme } from '@/lib/theme';

import { AppBaseline } from './app-baseline';

const styleText = () =>
  [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');

describe('AppBaseline', () => {
  it('makes every element border-box directly, never through an inherited box-sizing', () => {
    render(
      <ThemeProvider theme={createAppTheme('ru')}>
        <AppBaseline />
      </ThemeProvider>,
    );
    const css = styleText();
    expect(css).toMatch(/\*,\s*\*::before,\s*\*::after\s*\{\s*box-sizing:\s*border-box;?\s*\}/);
    expect(css).not.toMatch(/box-sizing:\s*inherit/);
    expect(css).toMatch(/body\s*\{[^}]*margin:\s*0/);
  });
});
