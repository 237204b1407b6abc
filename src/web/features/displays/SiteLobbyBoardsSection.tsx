import { Text } from '@mantine/core';
import { boardsKey, listBoards, pairBoard, revokeBoard } from './lobbyApi.js';
import { PairedDisplaysSection } from './PairedDisplaysSection.js';

/** "Lobby boards" in a site's settings (issue 24): screens in the lobby that show this site's rooms and free desks. */
export function SiteLobbyBoardsSection({ siteId }: { siteId: number }) {
  return (
    <PairedDisplaysSection
      words={{
        heading: 'Lobby boards', headingId: 'site-boards-heading', noun: 'lobby board', shortNoun: 'board',
        intro: <>Open <Text span fw={600}>/display</Text> on the screen in the lobby. It shows a code: enter it here to show this site&apos;s rooms and free desks on it.</>,
        paired: 'Paired. The board shows this site within a few seconds.', none: 'No lobby board shows this site.',
      }}
      api={{
        key: boardsKey(siteId), list: () => listBoards(siteId),
        pair: (code) => pairBoard(siteId, code), revoke: (id) => revokeBoard(siteId, id),
      }}
    />
  );
}
