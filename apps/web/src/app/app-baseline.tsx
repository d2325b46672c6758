import { GlobalStyles } from '@mui/material';
import type { Theme } from '@mui/material/styles';

/**
 * MUI's CssBaseline, except for one rule. CssBaseline sets `*, *::before, *::after { box-sizing: inherit }`;
 * an explicit `inherit` keeps Chromium from reusing a computed style between elements (its matched-properties
 * cache), so every element costs a full style resolution. Scrolling the history table through 50,000 rows
 * spent ~30 ms of each frame restyling the new rows because of it, and ~3 ms with `border-box` set directly
 * (bench:web; docs/benchmarks.md). Every element is border-box either way: CssBaseline made the root
 * border-box and everything inherited it.
 */
const styles = (theme: Theme) => ({
  html: {
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    boxSizing: 'border-box',
    WebkitTextSizeAdjust: '100%',
  },
  '*, *::before, *::after': { boxSizing: 'border-box' },
  'strong, b': { fontWeight: theme.typography.fontWeightBold },
  body: {
    margin: 0,
    color: theme.palette.text.primary,
    ...theme.typography.body1,
    backgroundColor: theme.palette.background.default,
    '@media print': { backgroundColor: theme.palette.common.white },
    '&::backdrop': { backgroundColor: theme.palette.background.default },
  },
});

export function AppBaseline() {
  return <GlobalStyles styles={styles} />;
}
