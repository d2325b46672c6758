import { describe, expect, it } from 'vitest';

import { twoLineWidth } from './header-width';

/** Every character 10 px wide, a space too. */
const measure = (text: string) => text.length * 10;

describe('twoLineWidth', () => {
  it('is the width of the text on one line when it is one word', () => {
    expect(twoLineWidth('Передача', measure)).toBe(80);
  });

  it('splits into the two lines that make the narrower column', () => {
    // «Держать» / «онлайн»: the wider line is 70 px.
    expect(twoLineWidth('Держать онлайн', measure)).toBe(70);
    // «Last checked» / «at (UTC)»: 120 px, narrower than «Last» / «checked at (UTC)» (160 px).
    expect(twoLineWidth('Last checked at (UTC)', measure)).toBe(120);
  });

  it('never breaks inside a word', () => {
    expect(twoLineWidth('Автопередача a', measure)).toBe(120);
  });

  it('is 0 for an empty header', () => {
    expect(twoLineWidth('  ', measure)).toBe(0);
  });
});
