export { ManageBookingsPage } from './ManageBookingsPage.js';
