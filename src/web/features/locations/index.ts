/** Locations administration: /menu/settings/sites/{id}/locations, .../new (dialog) and .../{locationId}/edit (admin). */
export { LocationsPage } from './LocationsPage.js';
export { LocationEditPage } from './LocationEditPage.js';
