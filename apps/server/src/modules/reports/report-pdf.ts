import type { RenderedSection, ReportTable } from '@ecc/contracts';
import MarkdownIt from 'markdown-it';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { CHART_HEIGHT, CHART_WIDTH, chartSvg } from './report-chart-svg.ts';

/**
 * SVG lengths (ECharts writes `width="520"`) read as points, so a chart fills the 520 × 260 pt box the layout
 * reserves for it; read as CSS pixels they would be scaled by 0.75 and leave a quarter of the box empty.
 */
const SVG_UNITS_ARE_POINTS = true;

/** The realm's look on paper: its name, theme colour and logo (SVG text or PNG/JPEG bytes). */
export interface ReportBrand {
  readonly realmName: string;
  readonly primaryColor: string;
  readonly logo?: { readonly svg: string } | { readonly image: Buffer };
}

export interface PdfReport {
  readonly name: string;
  readonly versionLabel: string;
  readonly sections: readonly RenderedSection[];
}

const MARGIN = 50;
const TEXT_COLOR = '#1f2937';
const MUTED_COLOR = '#6b7280';
const LOGO_HEIGHT = 32;
/** No raw HTML: tags in the text stay text, as in the browser. */
const markdown = new MarkdownIt({ html: false, linkify: false });
const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const numberFormats = new Map<number, Intl.NumberFormat>([[0, numberFormat]]);

/** A number with the column's decimals (none unless the column says), grouped in thousands. */
function formatCell(value: number, fractionDigits = 0): string {
  let format = numberFormats.get(fractionDigits);
  if (format === undefined) {
    format = new Intl.NumberFormat('en', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

type Token = ReturnType<MarkdownIt['parse']>[number];

function drawInline(document: PDFKit.PDFDocument, inline: Token, size: number, prefix = ''): void {
  let isBold = false;
  let isItalic = false;
  const parts: { text: string; font: string }[] = [];
  if (prefix) parts.push({ text: prefix, font: 'Helvetica' });
  for (const child of inline.children ?? []) {
    if (child.type === 'strong_open' || child.type === 'strong_close') isBold = child.type === 'strong_open';
    else if (child.type === 'em_open' || child.type === 'em_close') isItalic = child.type === 'em_open';
    else if (child.type === 'softbreak' || child.type === 'hardbreak')
      parts.push({ text: '\n', font: 'Helvetica' });
    else if (child.type === 'text' || child.type === 'code_inline') {
      const font =
        child.type === 'code_inline'
          ? 'Courier'
          : `Helvetica${isBold && isItalic ? '-BoldOblique' : isBold ? '-Bold' : isItalic ? '-Oblique' : ''}`;
      parts.push({ text: child.content, font });
    }
  }
  if (parts.length === 0) return;
  document.fontSize(size).fillColor(TEXT_COLOR);
  parts.forEach((part, index) => {
    document.font(part.font).text(part.text, { continued: index < parts.length - 1 });
  });
}

/** Markdown drawn from its tokens: headings, paragraphs, lists, emphasis and code; HTML is shown as text. */
function drawMarkdown(document: PDFKit.PDFDocument, source: string): void {
  const tokens = markdown.parse(source, {});
  const lists: { isOrdered: boolean; next: number }[] = [];
  let headingSize = 0;
  for (const token of tokens) {
    if (token.type === 'heading_open') headingSize = { h1: 16, h2: 14 }[token.tag] ?? 12;
    else if (token.type === 'heading_close') {
      headingSize = 0;
      document.moveDown(0.3);
    } else if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open')
      lists.push({
        isOrdered: token.type === 'ordered_list_open',
        next: Number(token.attrGet('start') ?? 1),
      });
    else if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') {
      lists.pop();
      document.moveDown(0.3);
    } else if (token.type === 'paragraph_close' && lists.length === 0) document.moveDown(0.5);
    else if (token.type === 'inline') {
      const list = lists.at(-1);
      const isListItemStart = list !== undefined && token.level > 0;
      const prefix = isListItemStart ? (list.isOrdered ? `${list.next++}. ` : '• ') : '';
      if (headingSize > 0) {
        document.font('Helvetica-Bold').fontSize(headingSize).fillColor(TEXT_COLOR).text(token.content);
      } else drawInline(document, token, 10, prefix);
    } else if (token.type === 'fence' || token.type === 'code_block') {
      document.font('Courier').fontSize(9).fillColor(TEXT_COLOR).text(token.content.trimEnd());
      document.moveDown(0.5);
    }
  }
}

function ensureRoom(document: PDFKit.PDFDocument, height: number): void {
  if (document.y + height > document.page.height - MARGIN) document.addPage();
}

function drawTable(document: PDFKit.PDFDocument, table: ReportTable, color: string): void {
  const width = document.page.width - 2 * MARGIN;
  const columnWidth = width / Math.max(table.columns.length, 1);
  const rowHeight = 16;
  const drawRow = (cells: string[], isHeader: boolean) => {
    ensureRoom(document, rowHeight);
    const top = document.y;
    if (isHeader) document.rect(MARGIN, top - 2, width, rowHeight).fill(color);
    cells.forEach((cell, index) => {
      const column = table.columns[index];
      document
        .font(isHeader ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor(isHeader ? '#ffffff' : TEXT_COLOR)
        .text(cell, MARGIN + index * columnWidth + 4, top + 2, {
          width: columnWidth - 8,
          height: rowHeight,
          ellipsis: true,
          lineBreak: false,
          align: column?.isNumber ? 'right' : 'left',
        });
    });
    document.x = MARGIN;
    document.y = top + rowHeight;
  };
  drawRow(
    table.columns.map((column) => column.header),
    true,
  );
  for (const row of table.rows) {
    drawRow(
      table.columns.map((column) => {
        const value = row[column.key];
        if (value === null || value === undefined) return '';
        return typeof value === 'number' ? formatCell(value, column.fractionDigits) : value;
      }),
      false,
    );
  }
  document.moveDown(1);
}

function drawTiles(document: PDFKit.PDFDocument, section: RenderedSection, color: string): void {
  const tiles = section.tiles ?? [];
  if (tiles.length === 0) return;
  const gap = 8;
  const perRow = Math.min(tiles.length, 3);
  const width = (document.page.width - 2 * MARGIN - gap * (perRow - 1)) / perRow;
  const height = 52;
  for (let start = 0; start < tiles.length; start += perRow) {
    ensureRoom(document, height + gap);
    const top = document.y;
    tiles.slice(start, start + perRow).forEach((tile, index) => {
      const left = MARGIN + index * (width + gap);
      document.lineWidth(1).roundedRect(left, top, width, height, 4).stroke(color);
      document
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED_COLOR)
        .text(tile.label, left + 8, top + 8, {
          width: width - 16,
        });
      document
        .font('Helvetica-Bold')
        .fontSize(14)
        .fillColor(TEXT_COLOR)
        .text(`${numberFormat.format(tile.value)} ${tile.unit}`, left + 8, top + 26, { width: width - 16 });
    });
    document.x = MARGIN;
    document.y = top + height + gap;
  }
  document.moveDown(0.5);
}

function drawHeader(document: PDFKit.PDFDocument, report: PdfReport, brand: ReportBrand): void {
  document.rect(0, 0, document.page.width, 8).fill(brand.primaryColor);
  const top = MARGIN - 10;
  if (brand.logo && 'svg' in brand.logo) {
    SVGtoPDF(document, brand.logo.svg, MARGIN, top, {
      height: LOGO_HEIGHT,
      width: LOGO_HEIGHT * 4,
      assumePt: SVG_UNITS_ARE_POINTS,
    });
  } else if (brand.logo) {
    document.image(brand.logo.image, MARGIN, top, { height: LOGO_HEIGHT });
  }
  document
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED_COLOR)
    .text(brand.realmName, MARGIN, top + 4, { align: 'right' });
  document.x = MARGIN;
  document.y = top + LOGO_HEIGHT + 16;
  document.font('Helvetica-Bold').fontSize(20).fillColor(TEXT_COLOR).text(report.name);
  document.font('Helvetica').fontSize(9).fillColor(MUTED_COLOR).text(report.versionLabel);
  document.moveDown(1);
}

/**
 * The report as a PDF, drawn by pdfkit (pure JavaScript, no browser) in the realm's colour with its logo; charts
 * are ECharts' server-side SVG drawn as vectors. Answers the whole file: reports are tens of pages, not millions
 * of rows.
 */
export async function renderReportPdf(report: PdfReport, brand: ReportBrand): Promise<Buffer> {
  const document = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: report.name, Author: brand.realmName, Producer: 'Emissions Control Center' },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  drawHeader(document, report, brand);
  for (const section of report.sections) {
    ensureRoom(document, 60);
    if (section.title) {
      document.font('Helvetica-Bold').fontSize(14).fillColor(brand.primaryColor).text(section.title);
      document.moveDown(0.4);
    }
    if (section.markdown) drawMarkdown(document, section.markdown);
    drawTiles(document, section, brand.primaryColor);
    for (const chart of section.charts) {
      ensureRoom(document, CHART_HEIGHT + 30);
      document.font('Helvetica').fontSize(9).fillColor(MUTED_COLOR).text(chart.title);
      const top = document.y + 4;
      SVGtoPDF(document, chartSvg(chart, brand.primaryColor), MARGIN, top, {
        width: CHART_WIDTH,
        height: CHART_HEIGHT,
        assumePt: SVG_UNITS_ARE_POINTS,
      });
      document.x = MARGIN;
      document.y = top + CHART_HEIGHT + 10;
    }
    // A KPI section's table holds its tiles' numbers, for the spreadsheets; on paper the tiles show them.
    for (const table of section.tables) {
      if (section.tiles && section.tiles.length > 0) continue;
      drawTable(document, table, brand.primaryColor);
    }
    document.moveDown(1);
  }
  document.end();
  return finished;
}
