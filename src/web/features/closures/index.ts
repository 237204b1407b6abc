/** Closures administration (issue 22): /menu/settings/closures (admin). */
export { ClosuresPage } from './ClosuresPage.js';
