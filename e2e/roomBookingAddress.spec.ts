import { expect, type Page } from '@playwright/test';
import { adminTest as test } from './fixtures.js';
import { createOwnSiteAndLocation, expectNoSeriousA11yViolations } from './helpers.js';

// Issue 23: an admin gives a room the address people invite to book it, from the room's settings;
// a malformed address and one another room has are refused with the reason. Rooms of the test's own.
const SHOTS = process.env.BOOKING_ADDRESS_SHOTS;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function ownRooms(page: Page): Promise<{ first: string; secondId: number }> {
  const name = `Invite ${stamp()}`;
  const { siteId, locationId } = await createOwnSiteAndLocation(page, name);
  const make = async (n: string) => {
    const res = await page.request.post('api/rooms', { data: { LocationId: locationId, Name: n, RoomType: 0, Capacity: 6 } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).Id as number;
  };
  const firstId = await make(`${name} A`);
  const secondId = await make(`${name} B`);
  return { first: `menu/settings/sites/${siteId}/locations/${locationId}/rooms/${firstId}/edit`, secondId };
}

const section = (page: Page) => page.getByRole('region', { name: 'Booking by invitation' });

for (const size of [{ name: 'phone', width: 375, height: 812 }, { name: 'desktop', width: 1280, height: 800 }]) {
  test(`an admin sets a room's booking address (${size.name})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const { first, secondId } = await ownRooms(page);
    const address = `room-${stamp()}@book.example.org`;
    // The other room holds an address first, so this one cannot take it.
    const taken = `taken-${stamp()}@book.example.org`;
    expect((await page.request.put(`api/rooms/${secondId}/bookingAddress`, { data: { Address: taken } })).status()).toBe(200);

    await page.goto(first);
    const s = section(page);
    await expect(s.getByText('Receiving invitations is off')).toBeVisible();
    await expect(s.getByText('This room has no booking address: set one below.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `booking address, none (${size.name})`);

    const input = s.getByRole('textbox', { name: 'Booking address' });
    await input.fill('not an address');
    await input.press('Enter');
    await expect(s.getByText('Enter an e-mail address such as room-severn@book.example.org.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `booking address, error (${size.name})`);

    await input.fill(taken.toUpperCase());
    await input.press('Enter');
    await expect(s.getByText('Another room already has this booking address.')).toBeVisible();
    if (SHOTS) { await s.scrollIntoViewIfNeeded(); await page.screenshot({ path: `${SHOTS}/booking-address-taken-${size.name}.png`, fullPage: true }); }

    await input.fill(address);
    await s.getByRole('button', { name: 'Save address' }).focus();
    await page.keyboard.press('Enter');
    await expect(s.getByRole('status')).toHaveText('Booking address saved.');
    await expect(s.getByText(address, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `booking address, saved (${size.name})`);
    if (SHOTS) { await s.scrollIntoViewIfNeeded(); await page.screenshot({ path: `${SHOTS}/booking-address-saved-${size.name}.png`, fullPage: true }); }

    await page.reload();
    await expect(section(page).getByRole('textbox', { name: 'Booking address' })).toHaveValue(address);
  });
}
