import { Alert, Button, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { DeskQrSheet } from '../../../domain/wire/deskCheckIn.js';
import { basePath } from '../../app/basePath.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { LoadErrorBar } from '../../app/shell/LoadErrorBar.js';
import { LoadingState } from '../../app/shell/LoadingState.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { withReason } from '../sites/errorText.js';
import { deskCheckInKeys, getDeskQrSheet } from './deskCheckInApi.js';
import { deskCheckInUrl } from './deskCheckInUrl.js';

/** A4 portrait, 3 columns by 4 rows: codes about 50 mm wide, big enough for a phone at arm's length. */
export const CODES_PER_PAGE = 12;

/**
 * Printing shows only the sheet: the app's header, menus and this page's buttons are hidden, each
 * group of twelve codes fills one A4 page. Plain CSS (the print dialog ignores Mantine's layout).
 */
const PRINT_CSS = `
@page { size: A4 portrait; margin: 10mm; }
.desk-qr-page { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; margin-bottom: 8mm; }
.desk-qr-card { border: 1px dashed #868e96; padding: 3mm; text-align: center; break-inside: avoid; overflow: hidden; }
.desk-qr-card img { width: 100%; max-width: 50mm; height: auto; margin: 0 auto; }
@media print {
  body * { visibility: hidden; }
  .desk-qr-sheet, .desk-qr-sheet * { visibility: visible; }
  .desk-qr-sheet { position: absolute; left: 0; top: 0; width: 190mm; }
  /* 277 mm of printable height: four rows of 66 mm and three 4 mm gaps, so each page holds exactly twelve. */
  .desk-qr-page { grid-template-rows: repeat(4, 66mm); height: 277mm; margin: 0; break-after: page; }
  .desk-qr-page:last-child { break-after: auto; }
  .desk-qr-card { display: flex; flex-direction: column; align-items: center; justify-content: center; padding: 2mm; }
  .desk-qr-card img { width: 44mm; height: 44mm; }
  .desk-qr-card p { font-size: 8pt; margin: 0; }
  .desk-qr-card p:first-of-type { font-size: 14pt; }
}`;

/** Codes for every desk, made in the browser with the library the room codes use (one data URL each). */
function useCodes(sheet: DeskQrSheet | undefined): { codes: Map<string, string> | null; error: string | null } {
  const [codes, setCodes] = useState<Map<string, string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!sheet) return;
    let live = true;
    Promise.all(sheet.Desks.map(async (d) => [d.Id, await QRCode.toDataURL(deskCheckInUrl(window.location.origin, basePath, sheet.FloorplanId, d.Id),
      { width: 384, margin: 1, errorCorrectionLevel: 'M' })] as const))
      .then((pairs) => live && setCodes(new Map(pairs)))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => { live = false; };
  }, [sheet]);
  return { codes, error };
}

/** .../floorplans/{floorplanId}/desk-qr-codes (admin): the printable sheet of a floor's desk check-in codes. */
export function DeskQrSheetPage() {
  const params = useParams();
  const floorplanId = Number(params['floorplanId']);
  const back = `/menu/settings/sites/${params['siteId']}/locations/${params['locationId']}/floorplans`;
  const sheet = useQuery({ queryKey: deskCheckInKeys.sheet(floorplanId), queryFn: () => getDeskQrSheet(floorplanId), enabled: floorplanId > 0 });
  const { codes, error } = useCodes(sheet.data);
  const desks = sheet.data?.Desks ?? [];
  const pages = Array.from({ length: Math.ceil(desks.length / CODES_PER_PAGE) }, (_, i) => desks.slice(i * CODES_PER_PAGE, (i + 1) * CODES_PER_PAGE));

  return (
    <>
      <style>{PRINT_CSS}</style>
      {sheet.error && <LoadErrorBar message={withReason('Unable to load the desks', sheet.error)} onRetry={() => void sheet.refetch()} retrying={sheet.isFetching} />}
      <Panel>
        <PageHeading>{sheet.data ? `Desk QR codes: ${sheet.data.FloorplanName}` : 'Desk QR codes'}</PageHeading>
        <Stack gap="md">
          {sheet.isPending && <LoadingState what="the desks" />}
          {sheet.data && (
            <Group justify="space-between">
              <Text>
                {desks.length === 0
                  ? 'This floorplan has no bookable desks on its published layout.'
                  : `${desks.length} desks on ${pages.length} A4 ${pages.length === 1 ? 'page' : 'pages'}. Scanning a code opens the desk's check-in page.`}
              </Text>
              <Button onClick={() => window.print()} disabled={!codes || desks.length === 0}>Print</Button>
            </Group>
          )}
          {error && <Alert color="red" role="alert">{`Unable to make the QR codes: ${error}`}</Alert>}
          {sheet.data && desks.length > 0 && !codes && !error && <Loader aria-label="Making the QR codes" />}
          {sheet.data && codes && (
            <div className="desk-qr-sheet" data-testid="desk-qr-sheet">
              {pages.map((page, i) => (
                <div className="desk-qr-page" key={i} aria-label={`Page ${i + 1}`} role="group">
                  {page.map((d) => (
                    <div className="desk-qr-card" key={d.Id}>
                      <Image src={codes.get(d.Id)} alt={`QR code for desk ${d.Name}`} />
                      <Text fw={700} size="lg">{d.Name}</Text>
                      <Text size="xs">{sheet.data.FloorplanName}, {sheet.data.LocationName}, {sheet.data.SiteName}</Text>
                    </div>
                  ))}
                </div>
              ))}
            </div>
          )}
          <BackToMenu to={back} label="Back to Floorplans" />
        </Stack>
      </Panel>
    </>
  );
}
