/**
 * How wide a column must be for its header text to show whole: the header wraps to at most two lines
 * between words (never inside one), so the width is that of the widest line of the best two-line split.
 * Measured with a canvas in the header's own font: English labels are often longer than the Russian ones
 * a column's width was chosen for, and a cut header («Пере…», «Прод…») hides what a column is.
 */

type Measure = (text: string) => number;

let context: OffscreenCanvasRenderingContext2D | null | undefined;

/** A canvas text measurer for `font`, or null where there is no canvas (jsdom). */
export function textMeasurer(font: string): Measure | null {
  if (context === undefined)
    context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  const ctx = context;
  if (!ctx) return null;
  return (text) => {
    ctx.font = font;
    return ctx.measureText(text).width;
  };
}

/** The narrowest width that shows `text` in at most two lines broken at spaces. */
export function twoLineWidth(text: string, measure: Measure): number {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const line = (from: number, to: number) => measure(words.slice(from, to).join(' '));
  let best = line(0, words.length);
  for (let split = 1; split < words.length; split += 1)
    best = Math.min(best, Math.max(line(0, split), line(split, words.length)));
  return Math.ceil(best);
}
