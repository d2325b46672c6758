import { afterEach, describe, expect, it } from 'vitest';

import { botsBaseUrl, parseEnv, SIGNUP_PREFIX_LOCAL_KEY, signupBaseUrl } from './env';
import { resolveUrl } from './request';

const settings = parseEnv({
  VITE_SIGNUP_URL: 'https://signup.example.test/',
  VITE_SIGNUP_LOCAL_URL: 'http://127.0.0.1:8081',
});

afterEach(() => localStorage.removeItem(SIGNUP_PREFIX_LOCAL_KEY));

describe('the sign-up host (spec section 6, storage key "signupPrefixLocal")', () => {
  it('is the production host by default and the local one when the key is true', () => {
    expect(signupBaseUrl(settings, false)).toBe('https://signup.example.test');
    expect(signupBaseUrl(settings, true)).toBe('http://127.0.0.1:8081');
  });

  it('reads the key from local storage: only "true" picks the local host', () => {
    expect(signupBaseUrl(settings)).toBe('https://signup.example.test');
    localStorage.setItem(SIGNUP_PREFIX_LOCAL_KEY, 'true');
    expect(signupBaseUrl(settings)).toBe('http://127.0.0.1:8081');
    localStorage.setItem(SIGNUP_PREFIX_LOCAL_KEY, 'yes');
    expect(signupBaseUrl(settings)).toBe('https://signup.example.test');
  });

  it('falls back to the bot services when the chosen host is not configured', () => {
    const none = parseEnv({});
    expect(signupBaseUrl(none, false)).toBe(botsBaseUrl());
    expect(signupBaseUrl(parseEnv({ VITE_SIGNUP_URL: 'https://signup.example.test' }), true)).toBe(
      botsBaseUrl(),
    );
  });

  it('is where the request wrapper sends /api-node/singup/ calls, and only those', () => {
    // This build sets no sign-up host: the calls stay on the bot services' base.
    expect(resolveUrl('/api-node/singup/get-random-avatars/')).toBe(
      `${botsBaseUrl()}/api-node/singup/get-random-avatars/`,
    );
    expect(resolveUrl('/api-node/proxy/')).toBe(`${botsBaseUrl()}/api-node/proxy/`);
  });
});
