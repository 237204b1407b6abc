import { Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { withBase } from '../basePath.js';
import { SIGN_OUT_PATH } from './signOutPath.js';

/**
 * The user menu itself (SPEC 2.2), with Mantine's Menu. Its own chunk: Menu brings the floating-ui
 * positioning library and Mantine's popover, transition and focus-trap code (~18 KiB compressed),
 * which no screen needs before the person opens the menu (issue 19, point 7). UserMenu loads it
 * when the browser is idle after the first render, or at once when the button is used.
 */
export default function UserMenuDropdown({ target, opened, onChange }: { target: ReactNode; opened: boolean; onChange: (opened: boolean) => void }) {
  return (
    <Menu position="bottom-end" shadow="md" width={200} opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/menu/myprofile">My Profile</Menu.Item>
        <Menu.Item component={Link} to="/privacy">Privacy policy</Menu.Item>
        <Menu.Divider />
        <Menu.Item component="a" href={withBase(SIGN_OUT_PATH)}>Sign Out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
