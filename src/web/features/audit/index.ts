export { AuditLogPage } from './AuditLogPage.js';
