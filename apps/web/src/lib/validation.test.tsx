import { renderHook } from '@testing-library/react';
import { steamAccountEntity } from '@toydesk/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';

import { Providers } from '@/test/render';

import { setUiLang } from './i18n';
import { runRules, useRules, validateWithSchema } from './validation';

describe('validation rules (spec section 5)', () => {
  it("gives the rules' messages in the current language", async () => {
    const { result } = renderHook(() => useRules(), {
      wrapper: ({ children }) => <Providers>{children}</Providers>,
    });
    expect(result.current.required('')).toBe('Обязательное поле');
    expect(result.current.maxLength(3)('abcd')).toBe('Не более 3 символов');
    expect(result.current.email('x@y')).toBe('Введите корректный email');
    await act(() => setUiLang('en'));
    expect(result.current.required('')).toBe('This field is required');
    expect(result.current.minLength(2)('a')).toBe('no fewer than 2 characters');
    expect(result.current.exclude('$')('a$')).toBe('character $ is not allowed');
    expect(result.current.notEmpty([])).toBe('select at least one value');
    expect(result.current.pattern(/^\d+$/)('x')).toBe('Invalid format');
  });

  it('runs rules in order and stops at the first message', () => {
    const { result } = renderHook(() => useRules(), {
      wrapper: ({ children }) => <Providers>{children}</Providers>,
    });
    const { required, capital, maxLength } = result.current;
    expect(runRules('', [required, capital])).toBe('Обязательное поле');
    expect(runRules('ab', [required, capital, maxLength(1)])).toBe('Только заглавные буквы');
    expect(runRules('AB', [required, capital])).toBe(true);
  });

  it("validates a body with the contract's schema and words the issues as the rules do", async () => {
    expect(validateWithSchema(steamAccountEntity.createSchema, { steam_account_name: 'ok' })).toBeNull();
    expect(
      validateWithSchema(steamAccountEntity.createSchema, {
        steam_account_name: '',
        login: 'x'.repeat(65),
        steam_id: '123',
        status: 'nonsense',
      }),
    ).toEqual({
      steam_account_name: 'Обязательное поле',
      login: 'Не более 64 символов',
      steam_id: 'SteamID64: 17 цифр (17 digits)',
      status: expect.stringMatching(/\S/),
    });
    expect(validateWithSchema(steamAccountEntity.createSchema, {})).toEqual({
      steam_account_name: 'Обязательное поле',
    });
    await setUiLang('en');
    expect(validateWithSchema(steamAccountEntity.createSchema, {}, 'en')).toEqual({
      steam_account_name: 'This field is required',
    });
  });
});
