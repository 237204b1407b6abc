/** The tool registry: one instance per tool id, created fresh per editor. */
import { DeskTool } from './deskTool.js';
import { DoorTool } from './doorTool.js';
import { PenTool } from './penTool.js';
import { RectangleTool } from './rectangleTool.js';
import { SelectTool } from './selectTool.js';
import { TextTool } from './textTool.js';
import type { Tool, ToolId } from './types.js';

export const createTools = (): Record<ToolId, Tool> => ({
  pointer: new SelectTool('pointer'),
  select: new SelectTool('select'),
  pen: new PenTool(),
  desk: new DeskTool(),
  text: new TextTool(),
  floor: new RectangleTool('floor'),
  room: new RectangleTool('room'),
  door: new DoorTool(),
});

export * from './types.js';
