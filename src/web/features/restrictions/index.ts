/** Restriction toggles and the people/team pickers the site, location and room editors share. */
export { RestrictionSection, type RestrictionValue } from './RestrictionSection.js';
export { PersonPicker } from './PersonPicker.js';
export { TeamPicker } from './TeamPicker.js';
export { AsyncMultiPicker } from './AsyncMultiPicker.js';
export { TURN_OFF_WARNING, NO_PEOPLE_FOUND, NO_TEAMS_FOUND } from './restrictionText.js';
