/** The floorplan view: SVG rendering of a drawing, the editor canvas, and the read-only booking viewer. */
export { FloorplanSvg, type FloorplanSvgProps, type DeskStates } from './FloorplanSvg.js';
export { FloorplanViewer, DeskLegend, type FloorplanViewerProps } from './FloorplanViewer.js';
export { EditorCanvas, type EditorCanvasProps } from './EditorCanvas.js';
export { DESK_LOOKS, DESK_STATES, deskName, type DeskState } from './deskStates.js';
export { useEditorState } from './useEditorState.js';
export { ZoomScroller, type ZoomScrollerHandle } from './ZoomScroller.js';
