export { InsightsPage } from './InsightsPage.js';
