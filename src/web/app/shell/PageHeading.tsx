import { Title } from '@mantine/core';
import { usePageTitle } from './usePageTitle.js';

/** The one h1 of a screen; also sets the tab title. */
export function PageHeading({ children }: { children: string }) {
  usePageTitle(children);
  return <Title order={1} size="h2" mb="md">{children}</Title>;
}
