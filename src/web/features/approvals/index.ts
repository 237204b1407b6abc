/** Booking Approval (issue 4). */
export { ApprovalsPage } from './ApprovalsPage.js';
