/** The floorplans list: route /menu/settings/sites/:siteId/locations/:locationId/floorplans (admin). */
export { FloorplansListPage } from './FloorplansListPage.js';
