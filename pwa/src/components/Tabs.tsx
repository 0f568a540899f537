// WAI-ARIA tabs with automatic activation: the arrow keys, Home and End move and select, only
// the selected tab is in the Tab order, and one panel shows the selected tab's content. The
// console's sections and the tournament standings use it.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** Translated name of the tab list. */
  label: string;
  /** Translated label of each tab. */
  tabLabel: (tab: T) => string;
  panel: ReactNode;
  /** Smaller tabs inside a card (the console's own tabs are the large ones). */
  size?: 'large' | 'small';
}

export function Tabs<T extends string>({ tabs, selected, onSelect, label, tabLabel, panel, size = 'large' }: TabsProps<T>) {
  const base = useId();
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(selected);
    const next: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[(target + tabs.length) % tabs.length] as T;
    onSelect(tab);
    refs.current[tab]?.focus();
  };
  const padding = size === 'large' ? 'px-4 py-2 text-sm' : 'min-h-11 px-3 py-2 text-sm';
  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab === selected;
          return (
            <button
              key={tab}
              ref={(el) => {
                refs.current[tab] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab}`}
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab)}
              className={`-mb-px rounded-t border font-semibold ${padding} ${
                active ? 'border-slate-200 border-b-white bg-white text-brand-800' : 'border-transparent text-slate-600 hover:text-brand-800'
              }`}
            >
              {tabLabel(tab)}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
        tabIndex={0}
        className={`${size === 'large' ? 'py-6' : 'py-4'} focus:outline-none`}
      >
        {panel}
      </div>
    </div>
  );
}
