import type { ReactNode } from 'react';
import { useSportName, useSportsQuery } from '../../state/queries/sports.ts';
import './Chips.css';

/** A choice shown as a chip: its checkbox (or, given a radio group's name, radio) is hidden inside the label. */
export function Chip(props: {
  on: boolean;
  onChange: () => void;
  testId: string;
  radioName?: string;
  children: ReactNode;
}) {
  return (
    <label className={props.on ? 'filters-chip filters-chip-on' : 'filters-chip'} data-testid={props.testId}>
      <input
        type={props.radioName ? 'radio' : 'checkbox'}
        name={props.radioName}
        className="visually-hidden"
        checked={props.on}
        onChange={props.onChange}
      />
      {props.children}
    </label>
  );
}

/** Every sport of the list as a chip to toggle, named in the app's language; test ids `<testIdPrefix>-<sportId>`. */
export function SportChips(props: { selected: string[]; onToggle: (sportId: string) => void; testIdPrefix: string }) {
  const nameOf = useSportName();
  const sports = useSportsQuery();
  return (
    <div className="filters-chips">
      {sports.data?.sports.map((sport) => (
        <Chip
          key={sport.sportId}
          on={props.selected.includes(sport.sportId)}
          onChange={() => props.onToggle(sport.sportId)}
          testId={`${props.testIdPrefix}-${sport.sportId}`}
        >
          {nameOf(sport)}
        </Chip>
      ))}
    </div>
  );
}
