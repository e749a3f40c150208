import type { Ref } from 'react';

/** The search box above a list: its placeholder is its label. */
export function SearchField({
  label,
  value,
  onChange,
  testId,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={inputRef}
      type="search"
      value={value}
      placeholder={label}
      aria-label={label}
      data-testid={testId}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
