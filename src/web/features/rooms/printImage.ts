/**
 * Prints a QR code on its own page through a hidden, same-origin frame, so the app's page layout
 * is not printed and no pop-up window is needed. Built with DOM calls (no HTML strings, nothing to
 * escape); the CSP allows data: images and inline styles.
 */
export async function printImage(dataUrl: string, heading: string, caption: string): Promise<void> {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  doc.title = heading;
  const style = doc.createElement('style');
  style.textContent = 'body{font-family:sans-serif;text-align:center;margin:20mm}img{width:90mm;height:90mm}p{word-break:break-all;font-size:10pt}';
  doc.head.appendChild(style);
  const h1 = doc.createElement('h1');
  h1.textContent = heading;
  const img = doc.createElement('img');
  img.alt = heading;
  img.src = dataUrl;
  const p = doc.createElement('p');
  p.textContent = caption;
  doc.body.append(h1, img, p);
  try {
    await img.decode();
  } catch {
    // Printing a page without the image is still better than nothing.
  }
  win.focus();
  win.print();
  // print() returns when the dialog closes (or at once in some browsers): remove the frame later.
  setTimeout(() => frame.remove(), 60_000);
}
