import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * First stop for keyboard users. Moves focus into <main> directly rather than by URL fragment,
 * so the router's location stays clean and the next Tab reaches the first control of the screen.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>Skip to main content</a>;
}
