import { PEOPLE_SEARCH_MIN } from '../../../domain/orgAccess.js';
import type { PersonRef } from '../../../domain/wire/people.js';
import { AsyncMultiPicker } from './AsyncMultiPicker.js';
import { peopleSearchKey, searchPeople } from './restrictionsApi.js';
import { NO_PEOPLE_FOUND } from './restrictionText.js';

/** SPEC 5/9: the people search needs 3 characters and waits 500 ms after the last key. */
const PEOPLE_DEBOUNCE_MS = 500;

export function PersonPicker({ label, value, onChange, beforeRemove, description }: {
  label: string;
  value: readonly PersonRef[];
  onChange: (next: PersonRef[]) => void;
  beforeRemove?: (person: PersonRef) => boolean;
  description?: string;
}) {
  return (
    <AsyncMultiPicker<PersonRef>
      label={label}
      description={description}
      placeholder="Search by name or e-mail"
      value={value}
      onChange={onChange}
      keyOf={(p) => String(p.Id)}
      labelOf={(p) => p.FullName || p.Email}
      detailOf={(p) => p.Email}
      queryKey={peopleSearchKey}
      search={searchPeople}
      minChars={PEOPLE_SEARCH_MIN}
      debounceMs={PEOPLE_DEBOUNCE_MS}
      emptyText={NO_PEOPLE_FOUND}
      beforeRemove={beforeRemove}
    />
  );
}
