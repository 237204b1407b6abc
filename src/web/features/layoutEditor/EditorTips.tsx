import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/** The attribute a button's tip words are read from (RailButton, the top bar, the selection's commands). */
export const TIP_ATTRIBUTE = 'data-editor-tip';
/** Where the tip goes: 'right' (the default, beside the rail) or 'bottom' (under the top bar's and the panel's buttons). */
export const TIP_SIDE_ATTRIBUTE = 'data-editor-tip-side';
/** The two attributes for a button: `{...editorTip('Delete (Del)', 'bottom')}`. */
export const editorTip = (text: string, side: 'right' | 'bottom' = 'right'): Record<string, string> =>
  side === 'right' ? { [TIP_ATTRIBUTE]: text } : { [TIP_ATTRIBUTE]: text, [TIP_SIDE_ATTRIBUTE]: side };
/** As Mantine's tooltips elsewhere: a pointer resting this long on a button shows its tip; focus shows it at once. */
const HOVER_DELAY_MS = 250;
/** Mantine's popover layer (--mantine-z-index-popover), above the panel and the canvas (also EditorForm's floating line). */
export const POPOVER_Z_INDEX = 300;

interface Tip { text: string; x: number; y: number; side: 'right' | 'bottom' }

/**
 * The editor's tooltips: one tip for the whole screen, beside the icon button under the pointer or
 * with the focus, naming it and its key ("Desk (D)"). One per button (Mantine's Tooltip with its
 * positioning hooks) cost ~48 ms of the editor's first render for ~30 rail buttons (profile of the
 * 2,000-desk opening, bench/README.md, session 21); this one listens on the screen and measures a
 * button only when it is pointed at or focused. Like those, it is a hint: each button is named by its
 * aria-label, and a rail button's key by aria-keyshortcuts.
 */
export function EditorTips({ within }: { within: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    const root = within.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown: HTMLElement | null = null;
    const buttonOf = (target: EventTarget | null) =>
      target instanceof Element ? target.closest<HTMLElement>(`[${TIP_ATTRIBUTE}]`) : null;
    // A button that goes while its tip shows (the panel closed under the focus) fires no focusout: the
    // tip goes with it. Watched only while a tip shows: the canvas adds and removes desks all the time.
    const gone = new MutationObserver(() => { if (shown && !shown.isConnected) hide(); });
    const show = (button: HTMLElement) => {
      if (!shown) gone.observe(root, { childList: true, subtree: true });
      shown = button;
      const box = button.getBoundingClientRect();
      const text = button.getAttribute(TIP_ATTRIBUTE) ?? '';
      setTip(button.getAttribute(TIP_SIDE_ATTRIBUTE) === 'bottom'
        ? { text, x: box.left + box.width / 2, y: box.bottom + 8, side: 'bottom' }
        : { text, x: box.right + 8, y: box.top + box.height / 2, side: 'right' });
    };
    const hide = () => {
      clearTimeout(timer);
      if (shown) gone.disconnect();
      shown = null;
      setTip(null);
    };
    const onPointerOver = (e: PointerEvent) => {
      const button = buttonOf(e.target);
      if (!button || e.pointerType === 'touch') return;
      clearTimeout(timer);
      timer = setTimeout(() => show(button), HOVER_DELAY_MS);
    };
    const onPointerOut = (e: PointerEvent) => {
      // Still on the same button (from its icon to its edge): the tip stays.
      if (buttonOf(e.target) !== buttonOf(e.relatedTarget)) hide();
    };
    const onFocusIn = (e: FocusEvent) => {
      const button = buttonOf(e.target);
      if (button) {
        clearTimeout(timer);
        show(button);
      }
    };
    const onKeyDown = (e: KeyboardEvent) => { if (e.key === 'Escape') hide(); };
    root.addEventListener('pointerover', onPointerOver);
    root.addEventListener('pointerout', onPointerOut);
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', hide);
    // Capture: the panel and the dialogs handle Escape themselves, and may stop it.
    root.addEventListener('keydown', onKeyDown, true);
    // Any scroll inside (the rail's, the canvas's) moves the button from under its tip.
    root.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      root.removeEventListener('pointerover', onPointerOver);
      root.removeEventListener('pointerout', onPointerOut);
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', hide);
      root.removeEventListener('keydown', onKeyDown, true);
      gone.disconnect();
      root.removeEventListener('scroll', hide, { capture: true });
    };
  }, [within]);
  if (!tip) return null;
  return createPortal(
    <div role="tooltip" style={{
      position: 'fixed', left: tip.x, top: tip.y, transform: tip.side === 'right' ? 'translateY(-50%)' : 'translateX(-50%)', zIndex: POPOVER_Z_INDEX,
      background: 'var(--mantine-color-gray-9)', color: 'var(--mantine-color-white)', fontSize: 'var(--mantine-font-size-sm)',
      padding: '5px 10px', borderRadius: 'var(--mantine-radius-sm)', whiteSpace: 'nowrap', pointerEvents: 'none',
    }}>
      {/* The arrow, pointing at the button. */}
      <span aria-hidden="true" style={{
        position: 'absolute', width: 8, height: 8, transform: 'rotate(45deg)', background: 'inherit',
        ...(tip.side === 'right' ? { left: -4, top: '50%', marginTop: -4 } : { top: -4, left: '50%', marginLeft: -4 }),
      }} />
      {tip.text}
    </div>,
    document.body,
  );
}
