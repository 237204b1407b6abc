import { Alert, Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { Room } from '../../../domain/wire/rooms.js';
import { basePath } from '../../app/basePath.js';
import { checkInUrl, qrFileName } from './checkInUrl.js';
import { printImage } from './printImage.js';
import { DialogFrame } from '../sites/DialogFrame.js';

/** The rooms list's QR code dialog: the room's check-in address as a QR code, to download or print. */
export function RoomQrDialog({ room, onClose }: { room: Room; onClose: () => void }) {
  const url = checkInUrl(window.location.origin, basePath, room);
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { width: 512, margin: 2, errorCorrectionLevel: 'M' })
      .then((d) => live && setDataUrl(d))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => { live = false; };
  }, [url]);

  const heading = `Check in: ${room.Name}`;
  return (
    <DialogFrame opened onClose={onClose} title={`QR code for ${room.Name}`} centered>
      <Stack>
        {error && <Alert color="red" role="alert">{`Unable to make the QR code: ${error}`}</Alert>}
        <Center mih={256}>
          {dataUrl
            ? <Image src={dataUrl} w={256} h={256} alt={`QR code that opens the check-in page of ${room.Name}`} />
            : !error && <Loader aria-label="Making the QR code" />}
        </Center>
        <Text size="sm" ta="center" style={{ wordBreak: 'break-all' }} data-testid="check-in-url">{url}</Text>
        <Group justify="center">
          <Button component="a" href={dataUrl ?? undefined} download={qrFileName(room)} disabled={!dataUrl}>Download as PNG</Button>
          <Button variant="default" disabled={!dataUrl} onClick={() => dataUrl && void printImage(dataUrl, heading, url)}>Print</Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
