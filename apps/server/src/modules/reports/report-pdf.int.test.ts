import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import {
  analysisViewSchema,
  realmThemeSettingsFieldsSchema,
  reportDetailSchema,
  type RealmThemeSettings,
  type ReportDetail,
} from '@ecc/contracts';
import { DEMO_ADMIN, DEMO_USER, realms, seedPaidDemoRealm } from '@ecc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSameColor, readPdfDrawing, rgbOfHex, type DrawnPage } from '#test-support/pdf-drawing.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';

const HOST = 'paid.localhost';
/** The demo's records run 2023–2025. */
const YEAR = 2025;
/** Colours no default theme or chart palette uses, so finding them in the PDF can only mean the realm's. */
const THEME_PRIMARY = '#C0348A';
const LOGO_COLOR = '#2B7FD4';
const LOGO_WIDTH = 24;
const LOGO_HEIGHT = 12;
const REPORT_NAME = 'Magenta disclosure 2025';
const CHART_SECTION_TITLE = 'Facilities by scope';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A PNG of one colour (8-bit RGB, no filter on its rows): the smallest honest logo a realm could upload. */
function solidPng(width: number, height: number, hex: string): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixel = Buffer.from(hex.slice(1), 'hex');
  const row = Buffer.concat([Buffer.from([0]), ...Array.from({ length: width }, () => pixel)]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the report PDF in the realm’s theme, with its logo and charts (issue 11 item 4)', () => {
  let testApp: TestApp;
  let realmId: string;
  let realmName: string;
  const tokens = { admin: '', member: '' };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    await seedPaidDemoRealm(db);
    const [realm] = await db.select().from(realms).where(eq(realms.key, 'demopaid'));
    realmId = realm!.id;
    realmName = realm!.name;
    tokens.admin = await signIn(testApp.app, DEMO_ADMIN, HOST);
    tokens.member = await signIn(testApp.app, DEMO_USER, HOST);
  });
  afterAll(() => testApp.close());

  const call = (who: keyof typeof tokens, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: HOST, ...withSession(tokens[who]) },
      ...(payload ? { payload } : {}),
    });

  async function themeSettings(): Promise<RealmThemeSettings> {
    const current = await call('admin', 'GET', `/api/realms/${realmId}/theme`);
    expect(current.statusCode, current.body).toBe(200);
    return realmThemeSettingsFieldsSchema.parse(current.json());
  }

  /** The realm's themes changed through the API, as an administrator does it on the theme page. */
  async function saveThemeSettings(settings: RealmThemeSettings): Promise<void> {
    const saved = await call('admin', 'PUT', `/api/realms/${realmId}/theme`, settings);
    expect(saved.statusCode, saved.body).toBe(200);
  }

  async function setTheme(primary: string, logo: string): Promise<void> {
    const settings = await themeSettings();
    const themes = settings.themes.map((theme) => ({
      ...theme,
      logo,
      colors: { ...theme.colors, light: { ...theme.colors.light, primary } },
    }));
    await saveThemeSettings({ ...settings, themes });
  }

  async function exportedPdf(
    sections: object[],
  ): Promise<{ pages: DrawnPage[]; content: ReportDetail['version']['content'] }> {
    const created = await call('admin', 'POST', '/api/reports', { name: REPORT_NAME, sections });
    expect(created.statusCode, created.body).toBe(201);
    const detail = reportDetailSchema.parse(created.json());
    const response = await call('member', 'GET', `/api/reports/${detail.report.id}/export?format=pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return { pages: await readPdfDrawing(response.rawPayload), content: detail.version.content };
  }

  it('draws the theme colour, the PNG logo, the saved analysis’s chart and the inventory table', async () => {
    const logo = solidPng(LOGO_WIDTH, LOGO_HEIGHT, LOGO_COLOR);
    await setTheme(THEME_PRIMARY, `data:image/png;base64,${logo.toString('base64')}`);
    const view = await call('admin', 'POST', '/api/analysis/views', {
      name: CHART_SECTION_TITLE,
      visibility: 'shared',
      definition: { measures: ['co2e'], rows: ['facility'], columns: ['scope'], filters: { year: [YEAR] } },
    });
    expect(view.statusCode, view.body).toBe(201);
    const { pages, content } = await exportedPdf([
      {
        id: 'pivot',
        kind: 'analysis',
        title: CHART_SECTION_TITLE,
        viewId: analysisViewSchema.parse(view.json()).id,
      },
      { id: 'summary', kind: 'inventory', year: YEAR, table: 'summary' },
    ]);
    const chart = content.find((section) => section.id === 'pivot')?.charts[0];
    expect(chart?.series?.length).toBeGreaterThan(0);
    const primary = rgbOfHex(THEME_PRIMARY);
    const [first] = pages;
    if (!first || !chart?.series) throw new Error('no first page or chart series');

    // The header: the realm's name and the report's title as text, a band in the theme colour, the logo.
    expect(first.text).toContain(realmName);
    expect(first.text).toContain(REPORT_NAME);
    expect(first.paths.some((path) => isSameColor(path.fill, primary))).toBe(true);
    expect(first.images).toHaveLength(1);
    const [image] = first.images;
    expect(image).toMatchObject({
      width: LOGO_WIDTH,
      height: LOGO_HEIGHT,
      colorSpace: 'DeviceRGB',
      components: 3,
    });
    // Drawn at the header's height with its own proportions, every pixel the logo's colour.
    expect(image!.drawnHeight).toBeGreaterThan(0);
    expect(image!.drawnWidth / image!.drawnHeight).toBeCloseTo(LOGO_WIDTH / LOGO_HEIGHT, 6);
    const logoRgb = rgbOfHex(LOGO_COLOR).map((component) => Math.round(component * 255));
    const pixels = Array.from({ length: LOGO_WIDTH * LOGO_HEIGHT }, (_, index) =>
      Array.from(image!.pixels.subarray(index * 3, index * 3 + 3)),
    );
    expect(pixels.every((pixel) => pixel.every((value, index) => value === logoRgb[index]))).toBe(true);

    // The chart: on the page with its title, the axis name and legend as text, and between its title and its
    // legend the bars as vector paths, the first series' in the theme colour.
    const chartPage = pages.find((page) => page.textBlocks.some((block) => block.text === chart.title));
    if (!chartPage) throw new Error(`no page has the chart title ${chart.title}`);
    const titleIndex = chartPage.textBlocks.findIndex((block) => block.text === chart.title);
    const legendIndex = chartPage.textBlocks.findIndex(
      (block, index) => index > titleIndex && block.text === chart.series![0]!.name,
    );
    expect(legendIndex).toBeGreaterThan(titleIndex);
    expect(chartPage.textBlocks.slice(titleIndex, legendIndex).map((block) => block.text)).toContain(
      chart.unit,
    );
    for (const series of chart.series) expect(chartPage.text).toContain(series.name);
    // The category axis's labels (facilities), wrapped onto lines of their own where long.
    const withoutSpaces = (text: string) => text.replace(/\s+/g, '');
    for (const category of chart.categories)
      expect(withoutSpaces(chartPage.text)).toContain(withoutSpaces(category));
    const chartPaths = chartPage.paths.filter(
      (path) => path.textBlocksBefore > titleIndex && path.textBlocksBefore <= legendIndex,
    );
    const barsInTheme = chartPaths.filter((path) => isSameColor(path.fill, primary) && path.segments >= 3);
    const firstSeriesBars = chart.series[0]!.values.filter((value) => value !== 0).length;
    expect(firstSeriesBars).toBeGreaterThan(0);
    expect(barsInTheme.length).toBeGreaterThanOrEqual(firstSeriesBars);
    // Grid lines and axes are stroked paths of the chart too.
    expect(chartPaths.filter((path) => path.stroke).length).toBeGreaterThan(0);

    // The inventory table: its header row filled in the theme colour, its rows as text.
    const tablePage = pages.find((page) => page.text.includes('Gross Scope 1'));
    expect(tablePage?.paths.some((path) => isSameColor(path.fill, primary) && path.segments === 1)).toBe(
      true,
    );
  });

  it('takes the theme the report builder page shows (a path’s override), with its SVG logo drawn as vectors', async () => {
    const settings = await themeSettings();
    const [first] = settings.themes;
    if (!first) throw new Error('the realm has no theme');
    const reportsThemeId = randomUUID();
    const reportsPrimary = '#7A1FA2';
    const logoColor = '#E4572E';
    const svgLogo = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="${logoColor}"/></svg>`;
    await saveThemeSettings({
      themes: [
        { ...first, colors: { ...first.colors, light: { ...first.colors.light, primary: '#1D4ED8' } } },
        {
          ...first,
          id: reportsThemeId,
          name: 'Reports',
          logo: `data:image/svg+xml,${encodeURIComponent(svgLogo)}`,
          colors: { light: { primary: reportsPrimary }, dark: {} },
        },
      ],
      selected: first.id,
      overrides: [{ path: '/reporting', selected: reportsThemeId }],
    });
    const { pages } = await exportedPdf([
      { id: 'intro', kind: 'text', title: 'Introduction', markdown: 'Our year.' },
    ]);
    const [page] = pages;
    if (!page) throw new Error('no page');
    expect(page.text).toContain(REPORT_NAME);
    const fills = page.paths.map((path) => path.fill);
    expect(fills.some((fill) => isSameColor(fill, rgbOfHex(reportsPrimary)))).toBe(true);
    expect(fills.some((fill) => isSameColor(fill, rgbOfHex('#1D4ED8')))).toBe(false);
    // The SVG logo is vectors, not an image: a path in its colour, drawn before the header's text.
    expect(page.images).toEqual([]);
    const header = page.paths.filter((path) => path.textBlocksBefore === 0);
    expect(header.some((path) => isSameColor(path.fill, rgbOfHex(logoColor)))).toBe(true);
    const sectionTitle = page.textBlocks.find((block) => block.text === 'Introduction');
    expect(isSameColor(sectionTitle?.fill, rgbOfHex(reportsPrimary))).toBe(true);
  });
});
