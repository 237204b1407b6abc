import { roomNameSlug } from '../../../domain/slug.js';

/**
 * The absolute check-in address a room's QR code encodes (SPEC 2.1):
 * {origin}{base path}/check-in/{siteId}/{locationId}/{roomId}?rn={room name slug}.
 */
export function checkInUrl(origin: string, basePath: string, room: { SiteId: number; LocationId: number; Id: number; Name: string }): string {
  return `${origin}${basePath}/check-in/${room.SiteId}/${room.LocationId}/${room.Id}?rn=${encodeURIComponent(roomNameSlug(room.Name))}`;
}

/** A file name for the downloaded PNG: readable, and unique per room. */
export const qrFileName = (room: { Id: number; Name: string }): string => `check-in-${roomNameSlug(room.Name) || 'room'}-${room.Id}.png`;
