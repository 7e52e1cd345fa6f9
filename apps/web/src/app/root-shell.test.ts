import { findRoute } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { documentTitle, isDarkRoute } from './root-shell.tsx';

describe('the document head and colour mode', () => {
  it("titles a page '{page} · Emissions Control Center', and 'Emissions Control Center' by default", () => {
    expect(documentTitle('Benchmarks')).toBe('Benchmarks · Emissions Control Center');
    expect(documentTitle(undefined)).toBe('Emissions Control Center');
  });

  it('is dark on /login and in the login layout, light elsewhere', () => {
    expect(isDarkRoute(findRoute('login'))).toBe(true);
    expect(isDarkRoute(findRoute('logout'))).toBe(true);
    expect(isDarkRoute(findRoute('home'))).toBe(false);
    expect(isDarkRoute(undefined)).toBe(false);
  });
});
