import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import type { CalendarView } from '../../../domain/slotRules.js';

const VIEW_WORDS: Record<string, string> = { month: 'Month', week: 'Week', work_week: 'Work Week', day: 'Day', agenda: 'Agenda' };
const STEP_WORDS: Record<string, string> = { month: 'month', week: 'week', work_week: 'week', day: 'day', agenda: 'month' };

/**
 * The room calendar's toolbar, drawn above the calendar rather than inside it so that it stays on
 * screen when a week scrolls sideways on a phone (issue 20). Previous / today / next, the range shown, and the views.
 * On a phone (`compact`) the views are one Select, so the toolbar fits 320 px and never widens the
 * page; wider, they are buttons, the pressed one being the view shown.
 */
export function CalendarToolbar({ label, view, views, onNavigate, onView, compact }: {
  label: string; view: CalendarView; views: CalendarView[]; compact: boolean;
  onNavigate: (to: 'PREV' | 'TODAY' | 'NEXT') => void; onView: (view: CalendarView) => void;
}) {
  const names = views;
  const step = STEP_WORDS[view] ?? 'period';
  return (
    <Group justify="space-between" gap="xs" mb="xs" wrap={compact ? 'nowrap' : 'wrap'} data-testid="calendar-toolbar">
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label={`Previous ${step}`} onClick={() => onNavigate('PREV')}>
          <span aria-hidden="true">‹</span>
        </ActionIcon>
        <Button variant="default" size={compact ? 'compact-md' : 'sm'} h={34} onClick={() => onNavigate('TODAY')}>Today</Button>
        <ActionIcon variant="default" size="lg" aria-label={`Next ${step}`} onClick={() => onNavigate('NEXT')}>
          <span aria-hidden="true">›</span>
        </ActionIcon>
      </Group>
      {/* Announced when it changes, so a keyboard or screen reader user hears where they are. */}
      <Text fw={600} size={compact ? 'sm' : 'md'} ta="center" aria-live="polite" style={{ flex: 1, minWidth: 0 }} lineClamp={2}>{label}</Text>
      {compact ? (
        <Select aria-label="View" w={104} size="sm" allowDeselect={false} value={view} comboboxProps={{ withinPortal: true }}
          data={names.map((v) => ({ value: v, label: VIEW_WORDS[v] ?? v }))} onChange={(v) => v && onView(v as CalendarView)} />
      ) : (
        <Button.Group>
          {names.map((v) => (
            <Button key={v} size="sm" variant={v === view ? 'filled' : 'default'} aria-pressed={v === view} onClick={() => onView(v)}>
              {VIEW_WORDS[v] ?? v}
            </Button>
          ))}
        </Button.Group>
      )}
    </Group>
  );
}
