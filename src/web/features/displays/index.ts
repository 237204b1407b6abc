/** Room door displays (issue 24): the tablet's page and the room settings' section. */
export { DisplayPage } from './DisplayPage.js';
// RoomDisplaysSection is imported from its own module by the room settings screen (not here: this chunk is the tablet's page).
