import { Button } from '@mantine/core';

/** A list row's red Delete button; its accessible name says which row ('Delete {name}'). */
export function DeleteRowButton({ name, onClick, loading }: { name: string; onClick: () => void; loading: boolean }) {
  return (
    <Button size="xs" variant="light" color="red" onClick={onClick} aria-label={`Delete ${name}`} loading={loading}>Delete</Button>
  );
}
