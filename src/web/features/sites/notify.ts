import { notifications } from '@mantine/notifications';

/** Toasts for the administration screens; the close button gets a name (Mantine's has none). */
const show = (color: 'green' | 'red', message: string) =>
  notifications.show({ color, message, closeButtonProps: { 'aria-label': 'Close notification' } });

export const notifyDone = (message: string) => show('green', message);
export const notifyFailed = (message: string) => show('red', message);
