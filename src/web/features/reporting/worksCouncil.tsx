import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isAdmin } from '../../../domain/permissions.js';
import { TAG_TYPE } from '../../../domain/orgAccess.js';
import type { Tag } from '../../../domain/wire/tags.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { getInsightsSettings, insightKeys } from '../insights/insightsApi.js';

/**
 * Works council mode on the Reporting screen (issue 25): the server refuses per-person data to
 * Reporting users while the mode is on (the report of a tag of people, the booking-by-booking CSV),
 * so the screen does not offer it to them and says why. Admins are never limited. The mode is read
 * from the insights settings (GET /api/insights/settings, the same query as the Insights screen).
 * `limited`: undefined while the mode is not known yet (the export waits rather than flashing).
 */
export function useWorksCouncilLimits(): { limited: boolean | undefined } {
  const { caller } = useLoadedSettings();
  const admin = isAdmin(caller);
  const settings = useQuery({ queryKey: insightKeys.settings, queryFn: getInsightsSettings, enabled: !admin });
  if (admin) return { limited: false };
  // Unreadable settings: offer as usual (the server still refuses, with its reason).
  if (settings.isError) return { limited: false };
  return { limited: settings.data ? settings.data.WorksCouncilMode : undefined };
}

export const WORKS_COUNCIL_NOTE = 'Works council mode is on: reports per person (a tag of people) and the booking-by-booking CSV export are for Admins only.';
export const PEOPLE_TAG_NOTE = 'This is a tag of people: its report lists each person, which works council mode keeps for Admins. Choose a tag of desks, rooms, locations or sites.';

/** Whether a chosen tag would make a per-person report. */
export const isPeopleTag = (tag: Tag | null) => tag?.Type === TAG_TYPE.User;

export function WorksCouncilNote() {
  return <Alert color="blue" title="Aggregates only">{WORKS_COUNCIL_NOTE}</Alert>;
}
