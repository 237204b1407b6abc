/** Below this width (768 px) the editor is not offered (issue 21): its rail, canvas and panel need the room. */
export const EDITOR_MIN_WIDTH_QUERY = '(max-width: 47.99em)';
