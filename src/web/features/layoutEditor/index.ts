/** The layout editor screen: route /admin/layoutEditor/floorplan/:floorplanId/:layoutId (admin). */
export { LayoutEditorPage } from './LayoutEditorPage.js';
