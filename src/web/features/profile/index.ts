export { ProfilePage } from './ProfilePage.js';
