import { describe, expect, it } from 'vitest';

import { createAppTheme, UI } from './theme';

describe('theme (spec sections 1 and 9)', () => {
  const theme = createAppTheme('ru');

  it('has the colours, the breakpoints and the overlay layer of the spec', () => {
    expect(theme.palette.primary.main).toBe('#1976d2');
    expect(theme.palette.secondary.main).toBe('#272727');
    expect(theme.palette.error.main).toBe('#EC4E20');
    expect(theme.palette.warning.main).toBe('#FF9505');
    expect(theme.palette.info.main).toBe('#016FB9');
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
    expect(theme.breakpoints.up('xxl')).toBe('@media (min-width:2560px)');
    expect(theme.zIndex.modal).toBe(2000);
  });

  it('makes buttons flat and rippleless and inputs compact', () => {
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
    expect(theme.components?.MuiTextField?.defaultProps).toMatchObject({
      size: 'small',
      margin: 'dense',
      minRows: 5,
    });
    expect(theme.components?.MuiPopover?.defaultProps?.marginThreshold).toBe(12);
  });

  it('keeps the interface constants of section 9', () => {
    expect(UI).toMatchObject({
      menuOpenDelayMs: 300,
      menuCloseDelayMs: 250,
      listMaxHeight: 310,
      textareaRows: 5,
      progressHeight: 4,
      scrollDurationMs: 300,
      viewportMargin: 12,
    });
  });

  it("gives MUI's own texts in the interface language", () => {
    const ru = createAppTheme('ru').components?.MuiAutocomplete?.defaultProps?.noOptionsText;
    const en = createAppTheme('en').components?.MuiAutocomplete?.defaultProps?.noOptionsText;
    expect(ru).toBe('Нет доступных вариантов');
    // English is MUI's own default.
    expect(en ?? 'No options').toBe('No options');
  });
});
