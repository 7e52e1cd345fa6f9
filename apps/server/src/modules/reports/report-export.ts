import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  findRoute,
  REPORT_EXPORT_CONTENT_TYPES,
  resolveRealmTheme,
  toEditableTheme,
  type ReportExportFormat,
  type ReportExportQuery,
} from '@ecc/contracts';
import { createRealmConfigRepository, createRealmRepository, type Database } from '@ecc/db';
import { HttpError } from '#platform/errors.ts';
import { renderReportPdf, type ReportBrand } from './report-pdf.ts';
import { reportTables, reportWorkbookStream, tableCsv, tablesZip } from './report-tables.ts';
import { exportedVersion } from './reports.service.ts';

export const DEFAULT_REPORT_COLOR = '#0f766e';
export const TABLE_NOT_FOUND_MESSAGE = 'The report has no table at that position';

export interface ReportFile {
  fileName: string;
  contentType: string;
  /** A workbook is a stream, written while it is read; the other formats are small enough to be bytes. */
  body: Buffer | Readable;
}

const DATA_URL = /^data:(image\/(?:svg\+xml|png|jpeg|jpg))(;base64)?,(.*)$/is;

/** A `data:` logo's picture: SVG as text, PNG or JPEG as bytes; undefined for any other kind. */
function logoFromDataUrl(logo: string): ReportBrand['logo'] {
  const match = DATA_URL.exec(logo);
  if (!match) return undefined;
  const [, type = '', base64, payload = ''] = match;
  const bytes = base64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  return type.toLowerCase() === 'image/svg+xml' ? { svg: bytes.toString('utf8') } : { image: bytes };
}

/**
 * A logo the PDF can draw: the theme's, read from the web app's files (`/brand/logo.svg`) or from a `data:` URL,
 * else none. A logo elsewhere (a web address) is not fetched while rendering: `warn` names it, the realm's name
 * alone heads the report.
 */
export async function readLogo(
  logo: string | undefined,
  webDistDir: string,
  warn: (message: string) => void = () => {},
): Promise<ReportBrand['logo']> {
  if (logo === undefined || logo === '') return undefined;
  if (logo.startsWith('data:')) {
    const picture = logoFromDataUrl(logo);
    if (!picture) warn("The theme's logo is a data: URL of a kind the PDF cannot draw (SVG, PNG or JPEG)");
    return picture;
  }
  if (!logo.startsWith('/')) {
    warn(
      `The theme's logo ${logo.slice(0, 200)} cannot be embedded in the PDF: use a file of the web app or a data: URL`,
    );
    return undefined;
  }
  const file = path.join(webDistDir, path.normalize(logo).replace(/^([/\\])+/, ''));
  if (!file.startsWith(webDistDir)) return undefined;
  try {
    const bytes = await readFile(file);
    if (file.endsWith('.svg')) return { svg: bytes.toString('utf8') };
    if (/\.(png|jpe?g)$/i.test(file)) return { image: bytes };
  } catch {
    // No built web app (tests, the CLI): the realm's name alone heads the report.
  }
  return undefined;
}

/**
 * The realm's name and, of the theme its report builder page shows (the selected one or a path's override), the
 * primary colour (light) and logo.
 */
export async function readReportBrand(
  db: Database,
  realmId: string,
  webDistDir: string,
  warn: (message: string) => void = () => {},
): Promise<ReportBrand> {
  const [realm, config] = await Promise.all([
    createRealmRepository(db).findById(realmId),
    createRealmConfigRepository(db).findConfig(realmId),
  ]);
  const reportPath = findRoute('reporting-analysis-report').path;
  const stored = config
    ? resolveRealmTheme({ properties: { config: config.config } }, reportPath)
    : undefined;
  const theme = stored ? toEditableTheme(stored) : undefined;
  const logo = await readLogo(theme?.logo, webDistDir, warn);
  return {
    realmName: realm?.name ?? '',
    primaryColor: theme?.colors.light.primary ?? DEFAULT_REPORT_COLOR,
    ...(logo ? { logo } : {}),
  };
}

export function fileNameOf(name: string, extension: ReportExportFormat | 'zip', now: Date): string {
  const safeName = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'report';
  return `${safeName}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/**
 * A report's version as a file: PDF, XLSX (a sheet per table) or CSV (the chosen table, else every table, zipped
 * when there are several). The version is the one asked for, else the approved one, else the newest.
 */
export async function renderReportFile(
  db: Database,
  realmId: string,
  reportId: string,
  query: Pick<ReportExportQuery, 'format' | 'version' | 'table'>,
  options: {
    webDistDir: string;
    now: Date;
    onStreamFailure: (error: Error) => void;
    /** Told what the PDF had to leave out (a logo it cannot embed). */
    onWarning?: (message: string) => void;
  },
): Promise<ReportFile> {
  const { report, version, content } = await exportedVersion(db, realmId, reportId, query.version);
  if (query.format === 'pdf') {
    const brand = await readReportBrand(db, realmId, options.webDistDir, options.onWarning);
    const versionLabel = version.approvedOn
      ? `Version ${version.number}, approved ${version.approvedOn.toISOString().slice(0, 10)} by ${version.approvedBy ?? ''}`
      : `Version ${version.number} (${report.status === 'in-review' ? 'in review' : 'draft'}), ${options.now.toISOString().slice(0, 10)}`;
    const body = await renderReportPdf({ name: report.name, versionLabel, sections: content }, brand);
    return {
      fileName: fileNameOf(report.name, 'pdf', options.now),
      contentType: REPORT_EXPORT_CONTENT_TYPES.pdf,
      body,
    };
  }
  const tables = reportTables(content);
  if (query.format === 'xlsx') {
    return {
      fileName: fileNameOf(report.name, 'xlsx', options.now),
      contentType: REPORT_EXPORT_CONTENT_TYPES.xlsx,
      body: reportWorkbookStream(tables, options.onStreamFailure),
    };
  }
  if (query.table !== undefined) {
    const table = tables[query.table];
    if (!table) throw new HttpError(404, TABLE_NOT_FOUND_MESSAGE);
    return {
      fileName: fileNameOf(`${report.name}-${table.title}`, 'csv', options.now),
      contentType: REPORT_EXPORT_CONTENT_TYPES.csv,
      body: Buffer.from(tableCsv(table)),
    };
  }
  if (tables.length === 1 && tables[0]) {
    return {
      fileName: fileNameOf(report.name, 'csv', options.now),
      contentType: REPORT_EXPORT_CONTENT_TYPES.csv,
      body: Buffer.from(tableCsv(tables[0])),
    };
  }
  return {
    fileName: fileNameOf(report.name, 'zip', options.now),
    contentType: REPORT_EXPORT_CONTENT_TYPES.zip,
    body: tablesZip(tables),
  };
}
