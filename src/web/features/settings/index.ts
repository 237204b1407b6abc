/** Settings (issue 6): the settings panel and Global Settings. */
export { GlobalSettingsPage } from './GlobalSettingsPage.js';
export { SettingsPanel } from './SettingsPanel.js';
