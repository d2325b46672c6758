import { createRules, formatRuleMessage, type Rules, type UiLang } from '@toydesk/contract';
import { useMemo } from 'react';
import { z } from 'zod';
import { en as zodEn, ru as zodRu } from 'zod/locales';

import { getUiLang, i18n } from './i18n';
import { useUiLang } from './use-ui-lang';

/** zod's own messages (numbers, dates, enums) in the interface language. */
export function applyZodLocale(lang: UiLang): void {
  z.config(lang === 'ru' ? zodRu() : zodEn());
}
applyZodLocale(getUiLang());
i18n.on('languageChanged', () => applyZodLocale(getUiLang()));

/** The rules of spec section 5 in the current language; a new set when the language changes. */
export function useRules(): Rules {
  const { lang } = useUiLang();
  return useMemo(() => createRules(lang), [lang]);
}

/** A field's rules in order: the first message wins, true when all pass. */
export function runRules(
  value: unknown,
  rules: ReadonlyArray<(value: unknown) => true | string>,
): true | string {
  for (const rule of rules) {
    const result = rule(value);
    if (result !== true) return result;
  }
  return true;
}

/**
 * The message for one zod issue, in the spec's words where a rule says the same thing (required,
 * minLength, maxLength, email, pattern); the contract's own messages (already bilingual) otherwise.
 */
export function issueMessage(issue: z.core.$ZodIssue, lang: UiLang): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return formatRuleMessage('required', lang);
      break;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? formatRuleMessage('required', lang)
          : formatRuleMessage('minLength', lang, Number(issue.minimum));
      if (issue.origin === 'array' && Number(issue.minimum) <= 1) return formatRuleMessage('notEmpty', lang);
      break;
    case 'too_big':
      if (issue.origin === 'string') return formatRuleMessage('maxLength', lang, Number(issue.maximum));
      break;
    case 'invalid_format':
      if (issue.format === 'email') return formatRuleMessage('email', lang);
      // A pattern without a message of its own gets the spec's 'Invalid format'.
      if (issue.format === 'regex' && /^(Invalid|Неверн)/.test(issue.message))
        return formatRuleMessage('pattern', lang);
      break;
    default:
      break;
  }
  return issue.message;
}

/** Validates a body with a contract schema: null when valid, else the first message per field. */
export function validateWithSchema(
  schema: z.ZodType,
  body: unknown,
  lang: UiLang = getUiLang(),
): Record<string, string> | null {
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'non_field_errors');
    errors[key] ??= issueMessage(issue, lang);
  }
  return errors;
}
