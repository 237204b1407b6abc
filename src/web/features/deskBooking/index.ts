/**
 * Desk booking (issue 9): site, location, floorplan, then the desk on the drawing. The first step
 * (date and time, ChooseTimePage) is its own chunk: it carries the date picker, which the floorplan
 * screen does not need on first load (issue 19, point 7).
 */
export { ChooseSitePage, ChooseLocationPage, ChooseFloorplanPage, NO_DESK_BOOKING } from './ChoiceSteps.js';
export { DeskBookingPage } from './DeskBookingPage.js';
