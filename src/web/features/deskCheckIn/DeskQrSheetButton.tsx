import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { deskQrSheetPath } from './deskCheckInUrl.js';

/** The Floorplans screen's link to the printable sheet of a floor's desk check-in codes. */
export function DeskQrSheetButton({ siteId, locationId, floorplan }: { siteId: number; locationId: number; floorplan: { Id: number; Name: string } }) {
  return (
    <Button size="xs" variant="default" component={Link} to={deskQrSheetPath(siteId, locationId, floorplan.Id)} aria-label={`Desk QR codes of ${floorplan.Name}`}>
      Desk QR codes
    </Button>
  );
}
