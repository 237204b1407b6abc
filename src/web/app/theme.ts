import { Badge, Loader, Modal, Notification, createTheme } from '@mantine/core';

/**
 * Shade 8 of blue for filled buttons and links: white text on Mantine's default shade 6 fails
 * WCAG AA contrast (3.5:1); shade 8 passes (about 5:1).
 * Defaults below fix accessibility once for every screen: close buttons get a name (Mantine's have
 * none), badges are filled (the light variant's text fails contrast on several colours), and loaders
 * are live status elements: a name on Mantine's role-less span is not allowed (axe: aria-prohibited-attr,
 * seen only while something is loading) and a status is announced.
 * A Select's list of options is built when it opens, not with the page: Mantine 9 keeps every closed
 * list mounted (hidden), so each Select drew all its options and floating-ui measured its position
 * (a forced style recalculation each) as the screen first rendered: on the room page five Selects, two
 * of 45 times, in its longest task (issue 19, point 7: Lighthouse's Total Blocking Time).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 4 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  // Animations off for people who ask their system for reduced motion (the browser tests do too, so
  // accessibility scans never sample a dialog half-faded in).
  respectReducedMotion: true,
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    Badge: Badge.extend({ defaultProps: { variant: 'filled' } }),
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // Written out, not Combobox.extend: importing Combobox here would put it (and floating-ui) in the first script.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
