import { Alert, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bulkCancelOutcome, defaultSearchRange } from '../../../domain/adminRules.js';
import type { Booking } from '../../../domain/wire/bookings.js';
import { ApiError } from '../../app/api.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { localToday } from './bookingText.js';
import { CancellationReasonDialog } from '../cancellation/index.js';
import { DeskBookingProfileDialog } from './DeskBookingProfileDialog.js';
import { DeskBookingsPanel } from './DeskBookingsPanel.js';
import { cancelAsAdmin, searchDesks } from './manageBookingsApi.js';
import { SearchBookingsForm, toDeskSearch, type SearchForm } from './SearchBookingsForm.js';

/** Manage Desk Bookings (Booking Manager or Admin): search, then cancel chosen bookings with a reason. */
export function ManageBookingsPage() {
  const [initial] = useState<SearchForm>(() => {
    const r = defaultSearchRange(localToday());
    return { from: r.from, to: r.to, siteId: null, locationId: null, desk: null, person: null };
  });
  const [search, setSearch] = useState<SearchForm | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [asking, setAsking] = useState<Booking[] | null>(null);
  const [open, setOpen] = useState<Booking | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'all' | 'none' | 'partial'; message: string } | null>(null);

  const query = search ? toDeskSearch(search) : null;
  const results = useQuery({ queryKey: ['bookings', 'searchDesks', query], queryFn: () => searchDesks(query!), enabled: query !== null });

  // SPEC 4: one DELETE per booking, each marked CancelledByAdmin with the reason; then all, none or partial.
  const cancel = useMutation({
    mutationFn: async ({ list, reason }: { list: Booking[]; reason: string }) => {
      const settled = await Promise.allSettled(list.map((b) => cancelAsAdmin(b, reason)));
      settled.forEach((s, i) => { if (s.status === 'rejected') console.error(`Cancelling booking ${list[i]!.Id} failed`, s.reason); });
      return bulkCancelOutcome(settled.filter((s) => s.status === 'fulfilled').length, list.length);
    },
    onSuccess: async (o) => {
      setOutcome(o);
      setAsking(null);
      setSelected(new Set());
      await results.refetch();
    },
  });

  return (
    <Panel size="lg">
      <PageHeading>Manage Desk Bookings</PageHeading>
      <Stack>
        <SearchBookingsForm initial={initial} searching={results.isFetching}
          onSearch={(f) => { setOutcome(null); setSelected(new Set()); setSearch({ ...f }); }} />
        {outcome && (
          <Alert role="alert" color={outcome.kind === 'all' ? 'green' : outcome.kind === 'none' ? 'red' : 'yellow'} withCloseButton onClose={() => setOutcome(null)} closeButtonLabel="Dismiss">
            {outcome.message}
          </Alert>
        )}
        {results.isError && <Alert color="red" role="alert">Unable to load bookings: {results.error instanceof ApiError ? results.error.serverMessage : 'the server cannot be reached'}</Alert>}
        {results.data && (
          <DeskBookingsPanel bookings={results.data} deskChosen={Boolean(search?.desk)} selected={selected} onSelect={setSelected}
            onOpen={setOpen} onCancelSelected={() => setAsking(results.data.filter((b) => selected.has(b.Id)))} />
        )}
        <BackToMenu to="/menu/settings" label="Back to Settings" />
      </Stack>
      {open && <DeskBookingProfileDialog booking={open} onClose={() => setOpen(null)} onCancel={(b) => { setOpen(null); setAsking([b]); }} />}
      {asking && (
        <CancellationReasonDialog count={asking.length} busy={cancel.isPending} onClose={() => setAsking(null)}
          onSave={(reason) => cancel.mutate({ list: asking, reason })} />
      )}
    </Panel>
  );
}
