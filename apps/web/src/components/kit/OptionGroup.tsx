import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface OptionGroupProps<T extends string> {
  options: readonly T[];
  /** The chosen option, or none. */
  value: string | null;
  onChange: (option: T) => void;
  label: (option: T) => ReactNode;
  testId: (option: T) => string;
  /**
   * `tabs`: a tablist whose options are tabs (`aria-selected`); `pressed` (default): toggle buttons
   * (`aria-pressed`).
   */
  mode?: 'tabs' | 'pressed';
  /** A fieldset rather than a div; `aria-label` names it. */
  fieldset?: boolean;
  /** The buttons alone, in the row of their parent. */
  inline?: boolean;
  className?: string;
  'aria-label'?: string;
  /** The class of an option, chosen or not. */
  optionClass?: (option: T, chosen: boolean) => string | undefined;
  /** Anything else an option carries (its aria-label, disabled). */
  optionProps?: (option: T) => Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'className'>;
}

/** A row of choices of which one is on: the tabs of a screen, the marks of a row, the filters of a list. */
export function OptionGroup<T extends string>({
  options,
  value,
  onChange,
  label,
  testId,
  mode = 'pressed',
  fieldset = false,
  inline = false,
  className,
  'aria-label': ariaLabel,
  optionClass,
  optionProps,
}: OptionGroupProps<T>) {
  const tabs = mode === 'tabs';
  const buttons = options.map((option) => {
    const common = {
      className: optionClass?.(option, value === option),
      'data-testid': testId(option),
      onClick: () => onChange(option),
      ...optionProps?.(option),
    };
    return tabs ? (
      <button key={option} type="button" role="tab" aria-selected={value === option} {...common}>
        {label(option)}
      </button>
    ) : (
      <button key={option} type="button" aria-pressed={value === option} {...common}>
        {label(option)}
      </button>
    );
  });
  if (inline) return <>{buttons}</>;
  if (fieldset)
    return (
      <fieldset className={className} aria-label={ariaLabel}>
        {buttons}
      </fieldset>
    );
  return (
    <div className={className} role={tabs ? 'tablist' : undefined}>
      {buttons}
    </div>
  );
}
