/**
 * A PDF plan's first page as a PNG (issue 21: "PDF first page if a well-kept library renders it in
 * the browser"). Mozilla's pdf.js draws the page on a canvas here, in the admin's browser; the server
 * then takes the PNG as any other plan image (sniffed, re-encoded, size-limited), so it never parses a
 * PDF itself. pdf.js is imported only when a PDF is chosen: it stays out of every other screen's script.
 */

/** The longest side of the rendered page: sharp on screen at the editor's zooms, well under the server's 8,000 px. */
const LONGEST_SIDE_PX = 4_000;

/** "%PDF-": the signature every PDF file starts with, whatever its name or type says. */
export async function isPdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

export class PdfPlanError extends Error {}

/** Page 1 of the PDF as a PNG file named after the PDF. Throws PdfPlanError with words a person can act on. */
export async function renderPdfFirstPage(file: File): Promise<File> {
  const [pdfjs, { default: workerUrl }] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  // No eval (the page's Content-Security-Policy forbids it) and no font downloads from elsewhere.
  const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false, useSystemFonts: true });
  let doc;
  try {
    doc = await task.promise;
  } catch (e) {
    console.warn('pdf.js could not open the file', e);
    throw new PdfPlanError(e instanceof Error && e.name === 'PasswordException'
      ? 'The PDF is protected by a password: save it without one, or export the page as PNG'
      : 'The PDF could not be read: export the plan page as PNG or SVG instead');
  }
  try {
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: LONGEST_SIDE_PX / Math.max(natural.width, natural.height) });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new PdfPlanError('The PDF page could not be drawn: export the plan page as PNG instead');
    return new File([png], file.name.replace(/\.pdf$/i, '') + '.png', { type: 'image/png' });
  } finally {
    void doc.destroy();
  }
}
