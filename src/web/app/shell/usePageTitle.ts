import { useEffect } from 'react';

/** The browser tab names the screen, so screen-reader users and tab lists know where they are. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - Hotdesk`;
  }, [title]);
}
