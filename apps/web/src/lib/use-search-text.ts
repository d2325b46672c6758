import { useDeferredValue, useState } from 'react';

/**
 * A search box over rows the screen already holds: the text as typed (for the field) and the lower-case
 * needle the filter matches, deferred so typing stays smooth over thousands of rows.
 */
export function useSearchText() {
  const [text, setText] = useState('');
  const needle = useDeferredValue(text.trim().toLowerCase());
  return { text, setText, needle };
}
