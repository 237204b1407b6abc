/**
 * A location's or room's own check-in setting as a three-way choice: inherit (null), on, off.
 * The wire carries the own setting as RoomCheckInsSetting and accepts null to inherit again.
 */
export type CheckInChoice = 'inherit' | 'on' | 'off';

export const choiceOf = (own: boolean | null | undefined): CheckInChoice => (own == null ? 'inherit' : own ? 'on' : 'off');
export const settingOf = (choice: CheckInChoice): boolean | null => (choice === 'inherit' ? null : choice === 'on');

export const checkInOptions = (inheritedFrom: string, inherited: boolean | null) => [
  { value: 'inherit', label: `Same as the ${inheritedFrom}${inherited === null ? '' : ` (${inherited ? 'on' : 'off'})`}` },
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
];
