/** SPEC 5's exact confirmation texts for turning a restriction off. */
export type RestrictionKind = 'room' | 'desk';

export const TURN_OFF_WARNING: Record<RestrictionKind, string> = {
  room: 'This will remove all room booking restrictions, allowing all users to book rooms. Restriction settings saved for individual users will be lost. Are you sure?',
  desk: 'This will remove all desk booking restrictions, allowing all users to book desks. Restriction settings saved for individual users will be lost. Are you sure?',
};

/** SPEC 8 'Empty results', spelling as the spec shows it. */
export const NO_PEOPLE_FOUND = 'No userss Found';
export const NO_TEAMS_FOUND = 'No teams found';
