/**
 * Room types and capacity bounds (SPEC 3), kept free of zod so that screens which need only these
 * constants do not pull the schema library into their first load (issue 19, point 7). The wire
 * module re-exports them for the server.
 */
export const ROOM_TYPE = { MeetingRoom: 0, ClinicalMeetingRoom: 1 } as const;
export const ROOM_CAPACITY = { min: 1, max: 900 } as const;
