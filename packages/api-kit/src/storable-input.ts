import type { FastifyRequest } from 'fastify';

import { ApiError } from './api-error.ts';

/** Deeper input than any route takes: refused before anything walks it (5,000 levels overflowed the stack). */
export const MAX_INPUT_DEPTH = 64;

export type UnstorableReason = 'nul' | 'surrogate' | 'depth';

export interface UnstorableText {
  /** Keys from the part's root to the offending value ([] for the part itself). */
  path: string[];
  reason: UnstorableReason;
  /** The lone surrogate's code point, for the message. */
  codePoint?: number;
}

// With the u flag a pair is one code point: only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): Pick<UnstorableText, 'reason' | 'codePoint'> | null {
  if (text.includes('\u0000')) return { reason: 'nul' };
  const lone = LONE_SURROGATE.exec(text);
  return lone ? { reason: 'surrogate', codePoint: lone[0].charCodeAt(0) } : null;
}

/**
 * Finds the first string (value or key) PostgreSQL cannot store as sent: NUL characters (text cannot hold
 * them, and PGlite's wire handling breaks on them) and lone UTF-16 surrogates (UTF-8 has no encoding for
 * them; the driver would silently store U+FFFD). Walks without recursion, and stops at MAX_INPUT_DEPTH.
 */
export function findUnstorableText(root: unknown): UnstorableText | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, ...problem };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, reason: 'depth' };
    const entries = Array.isArray(value)
      ? value.map((inner, i): [string, unknown] => [String(i), inner])
      : Object.entries(value);
    // Pushed in reverse so the first offending entry in reading order is the one reported.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, inner] = entries[i]!;
      const problem = textProblem(key);
      if (problem) return { path: [...path, key], ...problem };
      stack.push({ value: inner, path: [...path, key] });
    }
  }
  return null;
}

function message(found: UnstorableText): string {
  switch (found.reason) {
    case 'nul':
      return 'Нулевые символы недопустимы. (Null characters are not allowed.)';
    case 'surrogate': {
      const code = `U+${found.codePoint!.toString(16).toUpperCase()}`;
      return `Суррогатные символы недопустимы: ${code}. (Surrogate characters are not allowed: ${code}.)`;
    }
    case 'depth':
      return `Вложенность глубже ${MAX_INPUT_DEPTH} уровней. (Nesting is deeper than ${MAX_INPUT_DEPTH} levels.)`;
  }
}

/**
 * Refuses a request whose path parameters, query or body hold text the database cannot store, with a 400
 * on the field (its last key), in DRF's error format. Both apps call it before any handler reads input.
 */
export function assertStorableInput(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): void {
  for (const part of [request.params, request.query, request.body]) {
    const found = findUnstorableText(part);
    if (found) throw new ApiError(400, { [found.path.at(-1) ?? 'non_field_errors']: [message(found)] });
  }
}
