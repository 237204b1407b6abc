import { Button, Menu, Text } from '@mantine/core';
import { Link } from 'react-router';
import { withBase } from '../basePath.js';

/** Sign-out is a full-page navigation: the server ends the session and redirects to the sign-in page. */
export const SIGN_OUT_PATH = '/MicrosoftIdentity/Account/SignOut';

/** Top-right menu with the person's name (SPEC 2.2). */
export function UserMenu({ fullName }: { fullName: string }) {
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <Button variant="subtle" color="dark" aria-label={`User menu for ${fullName}`} rightSection={<span aria-hidden="true">▾</span>}>
          <Text span truncate maw={{ base: 120, sm: 260 }} fw={600}>{fullName}</Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/menu/myprofile">My Profile</Menu.Item>
        <Menu.Item component={Link} to="/privacy">Privacy policy</Menu.Item>
        <Menu.Divider />
        <Menu.Item component="a" href={withBase(SIGN_OUT_PATH)}>Sign Out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
