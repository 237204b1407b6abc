import { Text } from '@mantine/core';
import { displaysKey, listDisplays, pairDisplay, revokeDisplay } from './displaysApi.js';
import { PairedDisplaysSection } from './PairedDisplaysSection.js';

/** "Door displays" in a room's settings (issue 24): tablets by the door that show this room. */
export function RoomDisplaysSection({ roomId }: { roomId: number }) {
  return (
    <PairedDisplaysSection
      words={{
        heading: 'Door displays', headingId: 'room-displays-heading', noun: 'display', shortNoun: 'display',
        intro: <>Open <Text span fw={600}>/display</Text> on the tablet by the door. It shows a code: enter it here to show this room on it.</>,
        paired: 'Paired. The display shows this room within a few seconds.', none: 'No display shows this room.',
      }}
      api={{
        key: displaysKey(roomId), list: () => listDisplays(roomId),
        pair: (code) => pairDisplay(roomId, code), revoke: (id) => revokeDisplay(roomId, id),
      }}
    />
  );
}
