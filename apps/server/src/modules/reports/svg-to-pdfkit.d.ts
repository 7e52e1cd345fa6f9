declare module 'svg-to-pdfkit' {
  /** Draws an SVG document onto a pdfkit page at (x, y). */
  export default function SVGtoPDF(
    document: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: { width?: number; height?: number; assumePt?: boolean },
  ): void;
}
