import type { ReactNode } from 'react';

/**
 * The rail's icons: small inline SVG drawings (24 x 24, stroked in the text colour), one per command
 * id of the command table. No icon package: these ~30 paths cost a few kilobytes, an icon library
 * far more. A command without an icon here (one added to the table later) shows an abbreviation of
 * its label instead, so it is on the rail at once and still readable.
 */
const PATHS: Record<string, ReactNode> = {
  'tool.pointer': <path d="M6 3l12 9-5.5 1.2 3.3 6.6-2.6 1.3-3.3-6.6L6 19z" />,
  'tool.pen': (
    <>
      <path d="M4 18C6 9 18 9 20 18" />
      <rect x="2.5" y="16.5" width="3" height="3" />
      <rect x="18.5" y="16.5" width="3" height="3" />
      <path d="M12 11.3V5M8 5h8" />
    </>
  ),
  'tool.desk': (
    <>
      <rect x="4" y="4" width="16" height="10" rx="1" />
      <path d="M9 20h6M12 14v6" />
    </>
  ),
  'tool.text': <path d="M5 7V4h14v3M12 4v16M9 20h6" />,
  'tool.floor': (
    <>
      <rect x="3" y="5" width="18" height="14" rx="1" />
      <path d="M3 10h18M3 15h18M9 5v14M15 5v14" strokeOpacity="0.5" />
    </>
  ),
  'tool.room': (
    <>
      <rect x="3" y="4" width="18" height="16" rx="1" />
      <path d="M3 12h7v8M14 4v5h7" />
    </>
  ),
  'tool.door': <path d="M4 20h16M5 20V5M5 5a15 15 0 0 1 15 15" />,
  'tool.switchRectangle': <path d="M4 8h14l-3-3M20 16H6l3 3" />,
  'desk.toggleBookable': (
    <>
      <rect x="4" y="5" width="16" height="15" rx="2" />
      <path d="M8 3v4M16 3v4M4 10h16M9 15l2 2 4-4" />
    </>
  ),
  'desk.rotateDefault': <path d="M19 12a7 7 0 1 1-2-4.9M19 4v4h-4" />,
  'view.grid': (
    <>
      <rect x="4" y="4" width="16" height="16" rx="1" />
      <path d="M4 9.3h16M4 14.7h16M9.3 4v16M14.7 4v16" />
    </>
  ),
  'view.snap': <path d="M5 4v7a7 7 0 0 0 14 0V4h-4v7a3 3 0 0 1-6 0V4zM5 8h4M15 8h4" />,
  'view.fit': <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5M9 9h6v6H9z" />,
  'view.zoomIn': (
    <>
      <circle cx="10" cy="10" r="6" />
      <path d="M21 21l-6.5-6.5M7.5 10h5M10 7.5v5" />
    </>
  ),
  'view.zoomOut': (
    <>
      <circle cx="10" cy="10" r="6" />
      <path d="M21 21l-6.5-6.5M7.5 10h5" />
    </>
  ),
  'edit.select': (
    <>
      <path d="M4 8V4h4M12 4h2M18 4h2v2M4 12v2M4 18v2h2" />
      <path d="M11 11l9 3.5-4 1.5-1.5 4z" />
    </>
  ),
  'edit.edit': <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
  'edit.delete': <path d="M4 7h16M10 11v6M14 11v6M5.5 7l1 13h11l1-13M9 7V4h6v3" />,
  'edit.cancel': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  'edit.selectAll': (
    <>
      <path d="M4 7V4h3M17 4h3v3M20 17v3h-3M7 20H4v-3M10 4h4M10 20h4M4 10v4M20 10v4" />
      <rect x="8" y="8" width="8" height="8" rx="1" />
    </>
  ),
  'edit.copy': (
    <>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </>
  ),
  'edit.paste': (
    <>
      <path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2" />
      <rect x="9" y="3" width="6" height="4" rx="1" />
    </>
  ),
  'edit.duplicate': (
    <>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2M14 11v6M11 14h6" />
    </>
  ),
  'arrange.rotate': <path d="M5 12a7 7 0 1 0 2-4.9M5 4v4h4M12 9v3l2 2" />,
  'arrange.align.left': <path d="M4 3v18M8 7h11v3H8zM8 14h7v3H8z" />,
  'arrange.align.centre': <path d="M12 3v18M6 7h12v3H6zM8 14h8v3H8z" />,
  'arrange.align.right': <path d="M20 3v18M5 7h11v3H5zM9 14h7v3H9z" />,
  'arrange.align.top': <path d="M3 4h18M7 8v11h3V8zM14 8v7h3V8z" />,
  'arrange.align.middle': <path d="M3 12h18M7 6v12h3V6zM14 8v8h3V8z" />,
  'arrange.align.bottom': <path d="M3 20h18M7 5v11h3V5zM14 9v7h3V9z" />,
  'arrange.distribute.horizontal': <path d="M4 4v16M20 4v16M10 8h4v8h-4z" />,
  'arrange.distribute.vertical': <path d="M4 4h16M4 20h16M8 10h8v4H8z" />,
  'history.undo': <path d="M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />,
  'history.redo': <path d="M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />,
};

/** Icons the screen itself uses beside the command table's. */
export const SCREEN_ICONS = {
  keyboard: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </>
  ),
  properties: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M14 4v16M16.5 8h1M16.5 11h1" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export const hasIcon = (commandId: string): boolean => commandId in PATHS;

/** 'Align left' -> 'AL', 'Duplicate' -> 'Du': the fallback face of a command without an icon. */
export const abbreviate = (label: string): string => {
  const words = label.split(/[\s/-]+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  const word = words[0] ?? label;
  return word.slice(0, 1).toUpperCase() + word.slice(1, 2);
};

export function SvgIcon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A command's face on the rail: its icon, or its abbreviation. */
export function CommandIcon({ id, label }: { id: string; label: string }) {
  const paths = PATHS[id];
  if (paths) return <SvgIcon>{paths}</SvgIcon>;
  return <span aria-hidden="true" style={{ fontSize: 12, fontWeight: 700, letterSpacing: -0.2 }}>{abbreviate(label)}</span>;
}
