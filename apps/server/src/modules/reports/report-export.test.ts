import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLogo } from './report-export.ts';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const PNG_BYTES = Buffer.from('89504e470d0a1a0a', 'hex');

describe('readLogo', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'ecc-logo-'));
  mkdirSync(join(webDist, 'brand'));
  writeFileSync(join(webDist, 'brand', 'logo.svg'), SVG);
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('reads a logo from the web app’s files', async () => {
    expect(await readLogo('/brand/logo.svg', webDist)).toEqual({ svg: SVG });
  });

  it('accepts data: logos, SVG as text (base64 or URL-encoded) and PNG as bytes', async () => {
    const base64Svg = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
    expect(await readLogo(base64Svg, webDist)).toEqual({ svg: SVG });
    expect(await readLogo(`data:image/svg+xml,${encodeURIComponent(SVG)}`, webDist)).toEqual({ svg: SVG });
    const png = await readLogo(`data:image/png;base64,${PNG_BYTES.toString('base64')}`, webDist);
    expect(png).toEqual({ image: PNG_BYTES });
  });

  it('names a logo it cannot embed in a warning instead of dropping it silently', async () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    expect(await readLogo('https://cdn.example.com/logo.png', webDist, warn)).toBeUndefined();
    expect(await readLogo('data:image/gif;base64,R0lGOD', webDist, warn)).toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('https://cdn.example.com/logo.png');
    expect(warnings[1]).toContain('data: URL');
  });
});
