export { CheckInPage } from './CheckInPage.js';
