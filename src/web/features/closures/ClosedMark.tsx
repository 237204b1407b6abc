/**
 * A small padlock: the visible mark of a closed day, time or room (issue 22), the same shape the desk
 * map draws on a closed desk (deskMarks.ts 'lock'). Decorative: the element it marks carries the words.
 */
export function ClosedMark({ size = 12, color = 'currentColor' }: { size?: number; color?: string }) {
  return (
    <svg width={size} height={size} viewBox="4 2 12 14" aria-hidden="true" focusable="false" style={{ flex: '0 0 auto' }} data-closed-mark="">
      <path d="M7.5 8V5.5l1-2h3l1 2V8" fill="none" stroke={color} strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" />
      <rect x={5.5} y={8} width={9} height={6.5} rx={1} fill={color} />
    </svg>
  );
}
