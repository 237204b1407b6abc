import { Button, Text } from '@mantine/core';
import { forwardRef, useEffect, useRef, useState, type ComponentType, type ComponentPropsWithoutRef } from 'react';
import { lazyPart } from '../lazyPart.js';

export { SIGN_OUT_PATH } from './signOutPath.js';

type Dropdown = ComponentType<{ target: React.ReactNode; opened: boolean; onChange: (opened: boolean) => void }>;
const dropdown = lazyPart(() => import('./UserMenuDropdown.js').then((m): Dropdown => m.default));

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
 * (UserMenuDropdown) is fetched when the person shows intent (the pointer over the button, a touch,
 * or the keyboard focus on it), so it is not part of any screen's first load. Pressed before the code
 * is in (a click, Enter or Space), the menu opens as soon as it arrives.
 */
export function UserMenu({ fullName }: { fullName: string }) {
  const [Dropdown, setDropdown] = useState<Dropdown | null>(() => dropdown.loaded());
  const [opened, setOpened] = useState(false);
  // The swap replaces the button element: whoever had tabbed to it or pressed it keeps the focus on
  // the new one, and a press made before the code was in opens the menu only then, from the new
  // button, so that closing it gives the focus back there.
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const openOnArrival = useRef(false);
  useEffect(() => {
    if (!Dropdown) return;
    if (hadFocus.current || openOnArrival.current) button.current?.focus();
    if (openOnArrival.current) setOpened(true);
    hadFocus.current = openOnArrival.current = false;
  }, [Dropdown]);

  if (Dropdown) return <Dropdown opened={opened} onChange={setOpened} target={<UserButton ref={button} fullName={fullName} />} />;
  const fetchCode = () => {
    void dropdown.preload().then((d) => {
      hadFocus.current = document.activeElement === button.current;
      setDropdown(() => d);
    }).catch(() => undefined);
  };
  const openNow = () => {
    openOnArrival.current = true;
    fetchCode();
  };
  return <UserButton ref={button} fullName={fullName} onClick={openNow} onPointerEnter={fetchCode} onTouchStart={fetchCode} onFocus={fetchCode} />;
}
