/** Room booking (issue 4): find a free room, or book from one room's calendar. */
export { RoomBookingPage, RoomPlaceholderPage } from './RoomBookingPage.js';
