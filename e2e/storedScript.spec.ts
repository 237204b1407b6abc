import { expect, test } from '@playwright/test';
import { signInAs } from './helpers.js';

// Stored text is shown escaped everywhere: a script in a site note, a room name and a booking reason
// must appear as text and never run (React escapes; the CSP forbids inline script as a second line).
const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;

test('a script stored in a site note, a room name and a booking reason never runs', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (d) => { dialogs++; void d.dismiss(); });
  await signInAs(page, 'admin');
  const suffix = Date.now();
  const site = await page.request.post('api/sites', { data: { Title: `XSS site ${suffix}`, Notes: PAYLOAD, TimeZone: 'Europe/London', RoomBookingEnabled: false, DeskBookingEnabled: false } });
  expect(site.status(), await site.text()).toBeLessThan(300);
  const siteId = (await site.json()).Id;
  const location = await page.request.post(`api/locations/site/${siteId}`, { data: { Title: `XSS floor ${suffix}` } });
  expect(location.status(), await location.text()).toBeLessThan(300);
  const locationId = (await location.json()).Id;
  const room = await page.request.post('api/rooms', { data: { LocationId: locationId, SiteId: siteId, Name: `Room ${PAYLOAD}`, RoomType: 0, Capacity: 4 } });
  expect(room.status(), await room.text()).toBeLessThan(300);
  const start = new Date(Date.UTC(2030, 5, 3, 9, 0)).toISOString();
  const booking = await page.request.post('api/bookings/desk', {
    data: { FloorplanId: 1, DeskId: 'D3', Start: start, Finish: new Date(Date.UTC(2030, 5, 3, 11, 0)).toISOString(), Description: PAYLOAD },
  });
  expect(booking.status(), await booking.text()).toBe(201);

  for (const path of [`menu/settings/sites/${siteId}/edit`, `menu/settings/sites/${siteId}/locations/${locationId}/rooms`, 'menu/mybookings']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
  }
  // The text itself is shown literally somewhere on the rooms list.
  await page.goto(`menu/settings/sites/${siteId}/locations/${locationId}/rooms`);
  await expect(page.getByText('<script>', { exact: false }).first()).toBeVisible();
  expect(dialogs).toBe(0);

  await page.request.delete('api/bookings', { data: { Id: (await booking.json()).Id, CancellationReason: '', CancelledByAdmin: false } });
});
