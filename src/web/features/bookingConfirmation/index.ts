/** The booking confirmation shared by the desk and room screens (issue 20, point 7). */
export { BookingConfirmation, BookingConfirmationDialog, ConfirmationTitle } from './BookingConfirmation.js';
export { calendarFilePath, confirmationTitle, placeWords, PENDING_TITLE, type ConfirmedBooking } from './confirmationView.js';
export { refusalWords } from '../../../domain/refusalWords.js';
