export { WhosInPage } from './WhosInPage.js';
