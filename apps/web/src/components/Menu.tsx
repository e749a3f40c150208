import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import './Menu.css';

export interface MenuItem {
  /** Also the item's test id. */
  key: string;
  label: string;
  onSelect: () => void;
  destructive?: boolean;
  /** Starts a new section (a rule above it): keeps Delete apart from Edit. */
  apart?: boolean;
}

/**
 * A button that opens a short list of actions above it. Keyboard and screen readers: the list takes the
 * focus, arrows move within it, Escape or a tap outside closes it and gives the focus back to the button.
 */
export function Menu({
  label,
  icon,
  items,
  testId,
}: {
  label: string;
  icon: ReactNode;
  items: MenuItem[];
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const outside = (event: PointerEvent) => {
      if (!list.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  if (items.length === 0) return null;
  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="bar-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        data-testid={testId}
      >
        {icon}
        <span>{label}</span>
      </button>
      {open && (
        <div ref={list} id={id} role="menu" className="menu-list" onKeyDown={onKeyDown} tabIndex={-1}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              className={[item.destructive && 'destructive', item.apart && 'apart'].filter(Boolean).join(' ')}
              data-testid={item.key}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
