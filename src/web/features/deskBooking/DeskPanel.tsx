import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { Desk } from '../../../domain/layout/drawing.js';
import { DESK_LOOKS, type DeskState } from '../../floorplan/view/deskStates.js';
import { deskLabel } from './deskBookingView.js';
import type { Occupant } from './deskMapView.js';

export interface DeskPanelProps {
  desk: Desk | null;
  state: DeskState | undefined;
  occupant: Occupant | undefined;
  /** 'booked 09:00 to 12:00' for a taken desk; 'Closed until …: reason' for a closed one. */
  detail: string | undefined;
  /** The desk's team, by name (null when the names are not loaded yet). */
  teamName: string | null | undefined;
  favourite: boolean;
  /** Null: favourites cannot be changed for this desk (not bookable). */
  onFavourite: (() => void) | null;
  favouriteBusy: boolean;
  onClose: () => void;
  /** The booking form (a free desk) or the hint to pick one. */
  children: ReactNode;
}

/**
 * The chosen desk's details (issue 20): its name, state, who sits there when the server says so,
 * tags and team, the favourite star, and the booking form. Beside the map on wide screens; a sheet
 * at the bottom of the screen on a phone, so the map stays in view while booking.
 */
export function DeskPanel(props: DeskPanelProps) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const body = <PanelBody {...props} />;
  if (phone && props.desk) {
    return (
      <Paper component="section" aria-labelledby="desk-panel-heading" shadow="xl" withBorder p="md" data-desk-sheet=""
        style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 150, maxHeight: '60vh', overflowY: 'auto', borderRadius: '16px 16px 0 0' }}>
        {body}
      </Paper>
    );
  }
  return (
    <Paper component="section" aria-labelledby="desk-panel-heading" withBorder p="md" data-desk-panel="">
      {body}
    </Paper>
  );
}

function PanelBody({ desk, state, occupant, detail, teamName, favourite, onFavourite, favouriteBusy, onClose, children }: DeskPanelProps) {
  if (!desk || !state) {
    return (
      <Stack gap="sm">
        <Title order={2} size="h4" id="desk-panel-heading">Your booking</Title>
        {children}
      </Stack>
    );
  }
  const look = DESK_LOOKS[state];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} size="h4" id="desk-panel-heading">{deskLabel(desk)}</Title>
          <Text size="sm" c="dark.6" data-desk-panel-state="">
            {state === 'taken' ? `Taken${occupant ? ` by ${occupant.Name}` : ''}${detail ? `, ${detail}` : ''}`
              : state === 'closed' && detail ? detail : look.words[0]!.toUpperCase() + look.words.slice(1)}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {onFavourite && (
            <Button size="compact-sm" variant={favourite ? 'light' : 'default'} color="orange" loading={favouriteBusy} onClick={onFavourite}
              aria-pressed={favourite} leftSection={<span aria-hidden="true">{favourite ? '★' : '☆'}</span>}>
              Favourite
            </Button>
          )}
          <ActionIcon variant="subtle" color="dark" aria-label="Close desk details" onClick={onClose}>×</ActionIcon>
        </Group>
      </Group>
      {(desk.tags.length > 0 || desk.assignedTeams.length > 0) && (
        <Stack gap={6}>
          {desk.tags.length > 0 && (
            <Group gap={6} aria-label="Tags" role="list">
              {desk.tags.map((t) => <Badge key={t.Label} role="listitem" variant="outline" color="blue.9" title={t.Tooltip || undefined}>{t.Label}</Badge>)}
            </Group>
          )}
          {desk.assignedTeams.length > 0 && (
            <Text size="sm"><Text span fw={600}>Team:</Text> {teamName ?? '…'} (more than 48 hours ahead, only its members can book it)</Text>
          )}
        </Stack>
      )}
      {children}
    </Stack>
  );
}
