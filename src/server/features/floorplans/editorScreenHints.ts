import { EDITOR_SCREEN_MODULE, editorScreenCalls, editorScreenFloorplan } from '../../../domain/wire/screenCalls.js';
import type { ScreenHints } from '../../http/pagePreloads.js';

/**
 * What the layout editor needs as it opens (LayoutEditorPage): its script and the floorplan's latest
 * layout. Named in the page, both leave with the app's first script instead of after it has run and
 * asked for the editor's chunk (issue 21: first render of a 2,000-desk floor). No database read; the
 * call is authorized as always when it arrives (an admin's; anyone else's preload gets its 403 and
 * the page says so, as without the hint).
 */
export async function editorScreenHints(routerPath: string): Promise<ScreenHints | null> {
  const floorplanId = editorScreenFloorplan(routerPath);
  if (floorplanId === null) return null;
  return { calls: [editorScreenCalls.latestLayout(floorplanId)], modules: [EDITOR_SCREEN_MODULE] };
}
