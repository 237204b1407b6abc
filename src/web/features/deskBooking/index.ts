/** Desk booking (issue 9): date and time, site, location, floorplan, then the desk on the drawing. */
export { ChooseTimePage } from './ChooseTimePage.js';
export { ChooseSitePage, ChooseLocationPage, ChooseFloorplanPage, NO_DESK_BOOKING } from './ChoiceSteps.js';
export { DeskBookingPage } from './DeskBookingPage.js';
