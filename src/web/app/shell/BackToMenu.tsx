import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export function BackToMenu({ to = '/menu', label = 'Back to the menu' }: { to?: string; label?: string }) {
  return <Anchor component={Link} to={to} fw={500}>{label}</Anchor>;
}
