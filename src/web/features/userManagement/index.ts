export { UserManagementPage } from './UserManagementPage.js';
