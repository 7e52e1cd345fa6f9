import { describe, expect, it } from 'vitest';
import { getLocaleCookie, setLocaleCookie } from './locale-cookie.ts';

describe('locale cookie', () => {
  it('is written for 365 days on path / with SameSite=Lax', () => {
    const jar = { cookie: '' };
    setLocaleCookie('zh-CN', jar);
    expect(jar.cookie).toBe('locale=zh-CN; path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('is read back from the document', () => {
    setLocaleCookie('pt-BR');
    expect(getLocaleCookie()).toBe('pt-BR');
    setLocaleCookie('de');
    expect(getLocaleCookie()).toBe('de');
  });

  it('is absent until set', () => {
    expect(getLocaleCookie({ cookie: 'theme=dark; redirect=%2Fprofile' })).toBeUndefined();
  });
});
