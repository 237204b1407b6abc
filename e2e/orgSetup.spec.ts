import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signInAs } from './helpers.js';

// Organisation set-up (issue 10): an admin creates a site, a location and a room with a
// restriction, constraints and a tag, and opens the room's QR dialog; the room approver then edits
// that room and cannot remove themselves. Everything is created here with unique names (other specs
// share the server), nothing global is changed and no demo data is touched.

const stamp = Date.now();
const SITE = `E2E Site ${stamp}`;
const LOCATION = `Level ${stamp}`;
const ROOM = `Room ${stamp}`;
const TAG = `e2e-tag-${stamp}`;
const ROOM_OFF_WARNING = 'This will remove all room booking restrictions, allowing all users to book rooms. Restriction settings saved for individual users will be lost. Are you sure?';
const DESK_OFF_WARNING = 'This will remove all desk booking restrictions, allowing all users to book desks. Restriction settings saved for individual users will be lost. Are you sure?';

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/orgSetup-${name}.png`, fullPage: true });

/** Types into a person picker and chooses the person once the (debounced) search answers. */
async function pickPerson(page: Page, field: string, search: string, name: string) {
  await page.getByRole('textbox', { name: field }).fill(search);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
}

/** Ids taken from the admin's URLs, for the approver's journey. */
let roomEditPath = '';
let roomId = 0;

test.describe.serial('organisation set-up', () => {
  test('an admin creates a site, a location and a room, sets restrictions and limits, and opens the QR dialog', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'admin');

    // Sites list
    await page.goto('menu/settings/sites');
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'London HQ', exact: true })).toBeVisible();
    await shot(page, 'sites-list');
    await expectNoSeriousA11yViolations(page, 'sites list');

    // New site: Save waits for a title
    await page.getByRole('link', { name: 'New site' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New site' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.focus();
    await title.blur();
    await expect(page.getByText('Title is mandatory')).toBeVisible();
    await title.fill(SITE);
    await expect(save).toBeEnabled();

    // Map preview from 6 characters of post code
    const postCode = page.getByRole('textbox', { name: 'Post code' });
    await postCode.fill('SW1A');
    await expect(page.getByTestId('map-preview')).toHaveCount(0);
    await postCode.fill('SW1A 1AA');
    await expect(page.getByRole('link', { name: /Show SW1A 1AA on OpenStreetMap/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=SW1A%201AA');

    // Notification e-mail and parking spaces
    const email = page.getByRole('textbox', { name: 'Notification e-mail' });
    await email.fill('not-an-email');
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await email.fill(`rooms-${stamp}@example.org`);
    await expect(page.getByText('Please enter a valid email')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Site level parking' }).check();
    const parking = page.getByRole('textbox', { name: 'Parking spaces' });
    await parking.fill('lots');
    await parking.blur();
    await expect(parking).toHaveValue('0');
    await parking.fill('12');
    await page.getByRole('radio', { name: 'Work Week' }).check();

    // Room booking limit: 2 weeks
    const roomLimit = page.getByRole('group', { name: 'Room booking limit' });
    await roomLimit.getByRole('textbox', { name: 'Number' }).fill('2');
    await roomLimit.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Week' }).click();

    // Desk restriction on, a person who does not exist, then Alex Approver
    await page.getByRole('switch', { name: 'Restrict desk access' }).check();
    await page.getByRole('textbox', { name: 'People who may book desks' }).fill('zzqqxx-nobody');
    await expect(page.getByText('No userss Found')).toBeVisible();
    await pickPerson(page, 'People who may book desks', 'Alex', DEMO.approver.name);
    await shot(page, 'site-editor');
    await expectNoSeriousA11yViolations(page, 'new site editor');
    await save.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
    await expect(page.getByRole('cell', { name: SITE, exact: true })).toBeVisible();

    // The saved site keeps its values; turning the desk restriction off asks SPEC 5's question
    await page.getByRole('link', { name: `Edit ${SITE}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit site: ${SITE}` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Parking spaces' })).toHaveValue('12');
    await expect(page.getByRole('group', { name: 'Room booking limit' }).getByRole('textbox', { name: 'Number' })).toHaveValue('2');
    await expect(page.getByRole('button', { name: `Remove ${DEMO.approver.name}` })).toBeVisible();
    await page.getByRole('switch', { name: 'Restrict desk access' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(DESK_OFF_WARNING)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('switch', { name: 'Restrict desk access' })).toBeChecked();
    await page.getByRole('link', { name: 'Back to Sites' }).click();

    // Locations: empty, then the New location dialog
    await page.getByRole('link', { name: `Locations of ${SITE}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Locations: ${SITE}` })).toBeVisible();
    await expect(page.getByText('No locations yet. Create the first one.')).toBeVisible();
    await shot(page, 'locations-empty');
    await expectNoSeriousA11yViolations(page, 'locations list');
    await page.getByRole('link', { name: 'New location' }).click();
    const newLocation = page.getByRole('dialog', { name: 'New location' });
    await expect(newLocation).toBeVisible();
    await newLocation.getByRole('button', { name: 'Save' }).click();
    await expect(newLocation.getByText('Title is mandatory')).toBeVisible();
    await newLocation.getByRole('textbox', { name: 'Title' }).fill(LOCATION);
    await newLocation.getByRole('textbox', { name: 'Building name or number' }).fill('Block B');
    await newLocation.getByRole('group', { name: 'Desk booking limit' }).getByRole('textbox', { name: 'Number' }).fill('3');
    await shot(page, 'location-dialog');
    await expectNoSeriousA11yViolations(page, 'new location dialog');
    await newLocation.getByRole('button', { name: 'Save' }).click();
    await expect(newLocation).toHaveCount(0);
    await expect(page.getByRole('cell', { name: LOCATION, exact: true })).toBeVisible();

    // Edit location page, then its rooms
    await page.getByRole('link', { name: `Edit ${LOCATION}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit location: ${LOCATION}` })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Desk booking limit' }).getByRole('textbox', { name: 'Number' })).toHaveValue('3');
    await shot(page, 'location-edit');
    await expectNoSeriousA11yViolations(page, 'edit location');
    await page.getByRole('link', { name: 'Back to Locations' }).click();
    await page.getByRole('link', { name: `Rooms of ${LOCATION}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Rooms: ${LOCATION}` })).toBeVisible();
    await expect(page.getByText('No rooms yet. Create the first one.')).toBeVisible();

    // New room: the rules, a restriction naming the approver, a limit and a new tag
    await page.getByRole('link', { name: 'New room' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^New room/ })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Room Name is mandatory')).toBeVisible();
    await page.getByRole('textbox', { name: 'Room Name' }).fill(ROOM);
    const capacity = page.getByRole('textbox', { name: 'Capacity' });
    await capacity.fill('901');
    await expect(page.getByText('Capacity must be a whole number from 1 to 900')).toBeVisible();
    await capacity.fill('6');
    await expect(page.getByText('Capacity must be a whole number from 1 to 900')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Equipment' }).fill('Screen');
    await page.getByRole('group', { name: 'Room booking limit' }).getByRole('textbox', { name: 'Number' }).fill('1');
    await page.getByRole('switch', { name: 'Restrict room access' }).check();
    await pickPerson(page, 'Room admins (people)', 'approver@demo', DEMO.approver.name);

    await page.getByRole('textbox', { name: 'Room tags' }).fill(TAG);
    await page.getByRole('option', { name: `Add new tag "${TAG}"` }).click();
    const newTag = page.getByRole('dialog', { name: 'New Tag' });
    await expect(newTag.getByRole('textbox', { name: 'Label' })).toHaveValue(TAG);
    await expect(newTag.getByRole('textbox', { name: 'Tooltip' })).toHaveAttribute('placeholder', 'Press Enter / Save for no tooltip');
    await expect(newTag.getByRole('combobox', { name: 'Type' })).toHaveValue('Room');
    await shot(page, 'new-tag-dialog');
    await expectNoSeriousA11yViolations(page, 'New Tag dialog');
    await newTag.getByRole('button', { name: 'Save' }).click();
    await expect(newTag).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Remove ${TAG}` })).toBeVisible();
    await shot(page, 'room-editor');
    await expectNoSeriousA11yViolations(page, 'new room editor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // Rooms list and the QR dialog
    await expect(page.getByRole('cell', { name: ROOM, exact: true })).toBeVisible();
    await expect(page.getByText('Restricted')).toBeVisible();
    await shot(page, 'rooms-list');
    await expectNoSeriousA11yViolations(page, 'rooms list');
    await page.getByRole('button', { name: `QR code for ${ROOM}` }).click();
    const qr = page.getByRole('dialog', { name: `QR code for ${ROOM}` });
    await expect(qr.getByRole('img', { name: `QR code that opens the check-in page of ${ROOM}` })).toBeVisible();
    await expect(qr.getByTestId('check-in-url')).toHaveText(new RegExp(`^http://localhost:8181/hotdesk/check-in/\\d+/\\d+/\\d+\\?rn=room-${stamp}$`));
    const download = qr.getByRole('link', { name: 'Download as PNG' });
    await expect(download).toHaveAttribute('href', /^data:image\/png;base64,/);
    await expect(download).toHaveAttribute('download', /^check-in-room-\d+-\d+\.png$/);
    await expect(qr.getByRole('button', { name: 'Print' })).toBeEnabled();
    await shot(page, 'qr-dialog');
    await expectNoSeriousA11yViolations(page, 'QR dialog');
    await qr.getByRole('button', { name: 'Close' }).click();

    // The saved room keeps its tag, limit and approver; turning the restriction off asks first
    await page.getByRole('link', { name: `Edit ${ROOM}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit room: ${ROOM}` })).toBeVisible();
    roomEditPath = new URL(page.url()).pathname;
    roomId = Number(/rooms\/(\d+)\/edit/.exec(roomEditPath)?.[1]);
    await expect(page.getByRole('button', { name: `Remove ${TAG}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove ${DEMO.approver.name}` })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Room booking limit' }).getByRole('textbox', { name: 'Number' })).toHaveValue('1');
    await page.getByRole('switch', { name: 'Restrict room access' }).click();
    await expect(page.getByRole('dialog').getByText(ROOM_OFF_WARNING)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('switch', { name: 'Restrict room access' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'edit room');
  });

  test('the room approver edits their room but cannot remove themselves', async ({ page }) => {
    // A serial journey: the admin test above made this room; a missing room is a failure, not a skip.
    expect(roomId, 'the room the admin journey creates').toBeGreaterThan(0);
    await signInAs(page, 'approver');
    await page.goto('menu/settings/updateroomdetails');
    await expect(page.getByRole('heading', { level: 1, name: 'Update Room Details' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Boardroom', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: ROOM, exact: true })).toBeVisible();
    await shot(page, 'approver-rooms');
    await expectNoSeriousA11yViolations(page, 'update room details list');

    await page.getByRole('link', { name: `Edit ${ROOM}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Room details: ${ROOM}` })).toBeVisible();
    // Approvers change details and approvers only: no type, visibility or tags.
    await expect(page.getByRole('combobox', { name: 'Room type' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Room tags' })).toHaveCount(0);

    // Removing themselves is refused with the alert, and their name stays
    await page.getByRole('button', { name: `Remove ${DEMO.approver.name}` }).click();
    const alert = page.getByRole('dialog', { name: 'You cannot remove yourself' });
    await expect(alert.getByText(/contact the system administrator/)).toBeVisible();
    await shot(page, 'approver-cannot-remove');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: `Remove ${DEMO.approver.name}` })).toBeVisible();
    await page.getByRole('switch', { name: 'Restrict room access' }).click();
    await expect(page.getByRole('dialog', { name: 'You cannot remove yourself' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('switch', { name: 'Restrict room access' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'room details editor');

    // The details change is saved
    await page.getByRole('textbox', { name: 'Equipment' }).fill('Screen, projector');
    await page.getByRole('textbox', { name: 'Capacity' }).fill('7');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Update Room Details' })).toBeVisible();
    await page.getByRole('link', { name: `Edit ${ROOM}` }).click();
    await expect(page.getByRole('textbox', { name: 'Equipment' })).toHaveValue('Screen, projector');
    await expect(page.getByRole('textbox', { name: 'Capacity' })).toHaveValue('7');

    // And the server refuses it too (403 with the message the alert shows)
    const res = await page.request.post(`api/rooms/${roomId}`, { data: { RestrictRoomAccess: true, RoomAdminUsers: [] } });
    expect(res.status()).toBe(403);
    expect((await res.json()).Error).toMatch(/contact the system administrator/);
  });

  test('an admin sees the site screens at 375 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, 'admin');
    for (const [path, name] of [['menu/settings/sites', 'sites-375'], ['menu/settings/sites/new', 'site-editor-375']] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, name);
      await expectNoSeriousA11yViolations(page, `/${path} at 375 px`);
    }
    expect(roomEditPath, 'the room the admin journey creates').not.toBe('');
    await page.goto(roomEditPath.replace(/^\/hotdesk\//, ''));
    await expect(page.getByRole('heading', { level: 1, name: `Edit room: ${ROOM}` })).toBeVisible();
    await shot(page, 'room-editor-375');
  });

  test('an admin deletes the site they created, after the warning', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('menu/settings/sites');
    await page.getByRole('button', { name: `Delete ${SITE}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete site ${SITE}?` });
    await expect(confirm.getByText('A site can only be deleted when no bookings are active at it.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete site' }).click();
    await expect(page.getByRole('cell', { name: SITE, exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'London HQ', exact: true })).toBeVisible();
  });
});
