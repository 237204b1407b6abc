export { TagTestingPage } from './TagTestingPage.js';
