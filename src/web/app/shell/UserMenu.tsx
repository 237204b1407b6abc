import { Button, Text } from '@mantine/core';
import { forwardRef, useEffect, useRef, useState, type ComponentType, type ComponentPropsWithoutRef } from 'react';

export { SIGN_OUT_PATH } from './signOutPath.js';

type Dropdown = ComponentType<{ target: React.ReactNode; opened: boolean; onChange: (opened: boolean) => void }>;
let loaded: Dropdown | null = null;
let loading: Promise<Dropdown> | null = null;
const loadDropdown = (): Promise<Dropdown> =>
  (loading ??= import('./UserMenuDropdown.js').then((m) => (loaded = m.default)).catch((e: unknown) => { loading = null; throw e; }));

const whenIdle = (run: () => void): (() => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1500);
  return () => clearTimeout(id);
};

const UserButton = forwardRef<HTMLButtonElement, { fullName: string } & ComponentPropsWithoutRef<'button'>>(
  function UserButton({ fullName, ...rest }, ref) {
    return (
      <Button ref={ref} variant="subtle" color="dark" aria-label={`User menu for ${fullName}`} aria-haspopup="menu"
        rightSection={<span aria-hidden="true">▾</span>} {...rest}>
        <Text span truncate maw={{ base: 120, sm: 260 }} fw={600}>{fullName}</Text>
      </Button>
    );
  });

/**
 * Top-right menu with the person's name (SPEC 2.2). The button is drawn at once; the menu's code
 * (UserMenuDropdown) follows when the browser is idle, so it is not part of any screen's first load.
 * Used before then (a click, Enter or Space), the button fetches it and the menu opens when it is in.
 */
export function UserMenu({ fullName }: { fullName: string }) {
  const [Dropdown, setDropdown] = useState<Dropdown | null>(() => loaded);
  const [opened, setOpened] = useState(false);
  // The swap replaces the button element: whoever had tabbed to it or pressed it keeps the focus on
  // the new one, and a press made before the code was in opens the menu only then, from the new
  // button, so that closing it gives the focus back there.
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const openOnArrival = useRef(false);
  useEffect(() => {
    if (Dropdown) {
      if (hadFocus.current || openOnArrival.current) button.current?.focus();
      if (openOnArrival.current) setOpened(true);
      hadFocus.current = openOnArrival.current = false;
      return;
    }
    let live = true;
    const cancel = whenIdle(() => {
      void loadDropdown().then((d) => {
        if (!live) return;
        hadFocus.current = document.activeElement === button.current;
        setDropdown(() => d);
      }).catch(() => undefined);
    });
    return () => { live = false; cancel(); };
  }, [Dropdown]);

  if (Dropdown) return <Dropdown opened={opened} onChange={setOpened} target={<UserButton ref={button} fullName={fullName} />} />;
  const openNow = () => {
    openOnArrival.current = true;
    void loadDropdown().then((d) => setDropdown(() => d)).catch(() => undefined);
  };
  return <UserButton ref={button} fullName={fullName} onClick={openNow} />;
}
