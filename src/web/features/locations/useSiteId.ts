import { useParams } from 'react-router';

/** The site routes name the id ':id' (/sites/:id/locations) or ':siteId' (/sites/:siteId/locations/...). */
export function useSiteId(): number {
  const params = useParams();
  const n = Number(params['siteId'] ?? params['id']);
  return Number.isInteger(n) && n > 0 ? n : 0;
}
