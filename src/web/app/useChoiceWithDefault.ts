import { useEffect, useState } from 'react';

/**
 * A choice from a list that defaults to the list's first entry, and keeps that entry once shown. Reading
 * "the chosen one, else the first" on every render let a refetch whose list now starts with an entry an
 * admin just added (a site, a room) swap the screen to it under the person, with the dates and times
 * they had set (the Reception View refetches every 30 s). The first entry shown becomes the choice.
 */
export function useChoiceWithDefault(firstId: number | undefined): [string | null, (value: string | null) => void] {
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    if (chosen === null && firstId !== undefined) setChosen(String(firstId));
  }, [chosen, firstId]);
  return [chosen ?? (firstId === undefined ? null : String(firstId)), setChosen];
}
