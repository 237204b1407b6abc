export { MyBookingsPage } from './MyBookingsPage.js';
