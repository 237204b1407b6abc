export { DeskCheckInPage } from './DeskCheckInPage.js';
export { DeskQrSheetPage } from './DeskQrSheetPage.js';
