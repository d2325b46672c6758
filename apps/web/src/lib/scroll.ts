import { UI } from './theme';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls the window to a position over the spec's 300 ms (at once when motion is reduced). */
export function scrollWindowTo(top: number, duration: number = UI.scrollDurationMs): void {
  const start = window.scrollY;
  const distance = top - start;
  if (
    duration <= 0 ||
    distance === 0 ||
    prefersReducedMotion() ||
    typeof requestAnimationFrame !== 'function'
  ) {
    window.scrollTo(0, top);
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min((now - startedAt) / duration, 1);
    window.scrollTo(0, start + distance * easeInOutCubic(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Scrolls to the element a #hash names; false when there is none. */
export function scrollToHash(hash: string, offset = 64): boolean {
  if (hash.length < 2) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    id = hash.slice(1);
  }
  const element = document.getElementById(id);
  if (!element) return false;
  scrollWindowTo(element.getBoundingClientRect().top + window.scrollY - offset);
  return true;
}
