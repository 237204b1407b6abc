import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

const ADD_NEW = '__add_new__';

export interface AsyncMultiPickerProps<T> {
  label: string;
  description?: ReactNode;
  placeholder?: string;
  value: readonly T[];
  onChange: (next: T[]) => void;
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  /** A second line in the option list (an e-mail, a tooltip). */
  detailOf?: (item: T) => string;
  /** Cache key and call for one (debounced, trimmed) search text. */
  queryKey: (text: string) => readonly unknown[];
  search: (text: string) => Promise<T[]>;
  minChars: number;
  debounceMs: number;
  /** Shown when a long-enough search finds nothing (SPEC 8's exact wording per list). */
  emptyText: string;
  /** An extra option under the matches, e.g. 'Add new tag "x"'; gets the typed text. */
  addNew?: { label: (text: string) => string; onSelect: (text: string) => void };
  /** Return false to keep an item (e.g. a room approver removing themselves); the guard tells the person why. */
  beforeRemove?: (item: T) => boolean;
  error?: ReactNode;
}

/**
 * A multi-choice field whose options come from the server as the person types: the chosen items
 * are pills with a labelled remove button; the search waits `debounceMs` after the last key
 * (SPEC 5/9: 500 ms for people, 800 ms for tags) and needs `minChars` characters.
 */
export function AsyncMultiPicker<T>(props: AsyncMultiPickerProps<T>) {
  const { value, onChange, keyOf, labelOf, detailOf, minChars, addNew } = props;
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), props.debounceMs);
  const longEnough = debounced.length >= minChars;
  const typedEnough = text.trim().length >= minChars;
  const results = useQuery({ queryKey: props.queryKey(debounced), queryFn: () => props.search(debounced), enabled: longEnough, staleTime: 30_000 });

  const chosen = new Set(value.map(keyOf));
  const options = (longEnough ? results.data ?? [] : []).filter((o) => !chosen.has(keyOf(o)));
  // Until the debounce settles, the list would show the previous text's answer: say we are searching.
  const waiting = typedEnough && (debounced !== text.trim() || results.isFetching);

  const remove = (item: T) => {
    if (props.beforeRemove && !props.beforeRemove(item)) return;
    onChange(value.filter((v) => keyOf(v) !== keyOf(item)));
  };

  const submit = (key: string) => {
    if (key === ADD_NEW) {
      addNew?.onSelect(text.trim());
    } else {
      const item = options.find((o) => keyOf(o) === key);
      if (item) onChange([...value, item]);
    }
    setText('');
    combobox.closeDropdown();
  };

  let status: ReactNode = null;
  if (!typedEnough) status = <Combobox.Empty>{`Type at least ${minChars} character${minChars === 1 ? '' : 's'} to search`}</Combobox.Empty>;
  else if (waiting) status = <Combobox.Empty><Group gap="xs" justify="center"><Loader size="xs" /> Searching…</Group></Combobox.Empty>;
  else if (results.isError) status = <Combobox.Empty>Unable to search right now</Combobox.Empty>;
  else if (options.length === 0) status = <Combobox.Empty>{props.emptyText}</Combobox.Empty>;

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal>
      <Combobox.DropdownTarget>
        <PillsInput label={props.label} description={props.description} error={props.error} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {value.map((item) => (
              <Pill key={keyOf(item)} withRemoveButton onRemove={() => remove(item)}
                // Mantine hides the remove button from keyboards and screen readers; ours is a real, named button.
                removeButtonProps={{ 'aria-label': `Remove ${labelOf(item)}`, 'aria-hidden': false, tabIndex: 0 }}>
                {labelOf(item)}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={text}
                placeholder={props.placeholder}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onKeyDown={(e) => {
                  // Backspace in an empty field removes the last choice, as in Mantine's MultiSelect.
                  const last = value[value.length - 1];
                  if (e.key === 'Backspace' && text === '' && last !== undefined) remove(last);
                }}
                onChange={(e) => {
                  setText(e.currentTarget.value);
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options>
          {!waiting && options.map((o) => (
            <Combobox.Option value={keyOf(o)} key={keyOf(o)}>
              <Text size="sm">{labelOf(o)}</Text>
              {detailOf && <Text size="xs" c="dimmed">{detailOf(o)}</Text>}
            </Combobox.Option>
          ))}
          {status}
          {addNew && text.trim() !== '' && (
            <Combobox.Option value={ADD_NEW}>
              <Text size="sm" fw={600}>{addNew.label(text.trim())}</Text>
            </Combobox.Option>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
