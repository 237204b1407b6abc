export { ReceptionPage } from './ReceptionPage.js';
