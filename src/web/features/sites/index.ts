/** Sites administration: routes /menu/settings/sites, /new and /{id}/edit (admin). */
export { SitesListPage } from './SitesListPage.js';
export { SiteEditorPage } from './SiteEditorPage.js';
