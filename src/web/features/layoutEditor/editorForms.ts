/**
 * The editor's forms and dialogs that are not open when it opens: one chunk, loaded once the editor is
 * drawn (EditorForm.tsx). Their Mantine inputs (number, select, multi-select, switch, text area, file
 * button, table, segmented control) came as ~12 scripts and 6 style sheets before the first render of a
 * 2,000-desk layout, six at a time over HTTP/1.1 (bench/README.md, session 21).
 */
export { DeskBlockPanel } from './DeskBlockPanel.js';
export { DeskEditorModal } from './DeskEditorModal.js';
export { DeskProperties } from './DeskProperties.js';
export { ShortcutHelp } from './ShortcutHelp.js';
export { TextEditorModal } from './TextEditorModal.js';
export { TextProperties } from './TextProperties.js';
export { UnderlayDrawer } from './UnderlayDrawer.js';
