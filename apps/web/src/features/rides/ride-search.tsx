/**
 * `RideSearch`: the rides list's search box (docs/product.md#search). What is typed is sent a
 * moment after the typing stops (debounced), so the list is not asked again for every letter; the
 * clear button empties it at once. Controlled by the address's `q`: a Back or a "Clear search"
 * elsewhere puts its words back in the box.
 */
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { MAX_SEARCH_LENGTH } from '@rideshare/domain';
import { useEffect, useState } from 'react';

import { SearchIcon } from '../../components/icons';

/** How long the box waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface RideSearchProps {
  value: string;
  onSearch: (q: string) => void;
}

export function RideSearch({ value, onSearch }: RideSearchProps) {
  const [text, setText] = useState(value);
  const search = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);

  // The address changed from elsewhere (Back, Clear search): show its words.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  const clear = () => {
    search.cancel();
    setText('');
    onSearch('');
  };

  return (
    <TextInput
      type="search"
      label="Search rides"
      placeholder="A place, an organizer or a day (Clementi, Friday, 12 Dec)"
      maxLength={MAX_SEARCH_LENGTH}
      value={text}
      leftSection={<SearchIcon size={16} />}
      rightSection={text === '' ? null : <CloseButton aria-label="Clear search" onClick={clear} />}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        search(next);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          search.cancel();
          onSearch(text.trim());
        }
      }}
    />
  );
}
