import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { listLocations, locationsKey } from '../locations/locationsApi.js';
import { useSiteId } from '../locations/useSiteId.js';

/** The site and location of a rooms route, with the location's record for headings (from the site's list). */
export function useLocationContext() {
  const siteId = useSiteId();
  const n = Number(useParams()['locationId']);
  const locationId = Number.isInteger(n) && n > 0 ? n : 0;
  const locations = useQuery({ queryKey: locationsKey(siteId), queryFn: () => listLocations(siteId), enabled: siteId > 0 });
  return { siteId, locationId, location: locations.data?.find((l) => l.Id === locationId) ?? null };
}
