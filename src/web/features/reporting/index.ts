export { ReportingPage } from './ReportingPage.js';
