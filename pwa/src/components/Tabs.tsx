// WAI-ARIA tabs with automatic activation: the arrow keys, Home and End move and select, only
// the selected tab is in the Tab order, and one panel shows the selected tab's content. The
// console's sections and tabs (features/admin/ConsoleTabs.tsx) and the tournament standings use it.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * How the tabs look. `row`: underlined, in one line that scrolls sideways on a phone and wraps
 * from 640 px (the console's tabs); `pills`: the same line of rounded buttons (the console's
 * sections); `small`: tabs inside a card (the standings). Every tab is at least 44 px tall.
 */
export type TabsLook = 'row' | 'pills' | 'small';

// On a phone a line runs from edge to edge of the screen (-mx-4 px-4, the page's padding), so
// a tab cut at the right edge shows that the line scrolls.
const LINE = 'relative -mx-4 flex overflow-x-auto px-4 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:px-0';
const LIST: Record<TabsLook, string> = {
  row: `${LINE} gap-1 border-b border-slate-200`,
  // Room above and below for the focus outline, which the scrolling line would cut.
  pills: `${LINE} gap-2 py-1`,
  small: 'flex flex-wrap gap-1 border-b border-slate-200',
};
const TAB = 'min-h-11 shrink-0 whitespace-nowrap text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700';
const LOOK: Record<TabsLook, { tab: string; active: string; idle: string }> = {
  row: {
    tab: `${TAB} border-b-2 px-3 focus-visible:-outline-offset-2`,
    active: 'border-brand-700 text-brand-800',
    idle: 'border-transparent text-slate-700 hover:border-slate-300 hover:text-brand-800',
  },
  pills: {
    tab: `${TAB} rounded-full border px-4 focus-visible:outline-offset-2`,
    active: 'border-brand-700 bg-brand-700 text-white',
    idle: 'border-slate-400 bg-white text-slate-700 hover:border-brand-700 hover:text-brand-800',
  },
  small: {
    tab: `${TAB} -mb-px rounded-t border px-3 py-2`,
    active: 'border-slate-200 border-b-white bg-white text-brand-800',
    idle: 'border-transparent text-slate-600 hover:text-brand-800',
  },
};
/** The spacing of a `row` tab's panel, which holds a page's content. */
export const ROW_PANEL = 'pt-4 pb-6 sm:pt-6';
const PANEL: Record<TabsLook, string> = { row: ROW_PANEL, pills: 'pt-2', small: 'py-4' };

/**
 * A line that scrolls sideways fades at an edge with more tabs beyond it, so that a tab hidden
 * past the screen's edge is not taken for none. Set on the element itself: where the line is
 * scrolled is the browser's state, not React's.
 */
function fadeEdges(line: HTMLElement | null) {
  if (!line) return;
  const start = line.scrollLeft > 1;
  const end = line.scrollLeft + line.clientWidth < line.scrollWidth - 1;
  line.style.maskImage =
    start || end
      ? `linear-gradient(to right, ${start ? 'transparent, #000 2rem' : '#000, #000'}, ${end ? '#000 calc(100% - 2rem), transparent' : '#000'})`
      : '';
}

interface TabsProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** Translated name of the tab list. */
  label: string;
  /** Translated label of each tab. */
  tabLabel: (tab: T) => string;
  panel: ReactNode;
  look?: TabsLook;
  /** The panel's spacing, when not the look's. */
  panelClassName?: string;
}

export function Tabs<T extends string>({ tabs, selected, onSelect, label, tabLabel, panel, look = 'row', panelClassName }: TabsProps<T>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  // A line that scrolls sideways brings the selected tab into view (a link to the last one).
  // Only the line scrolls, never the page, whose place a reload keeps.
  useEffect(() => {
    const line = list.current;
    const tab = refs.current[selected];
    if (!line || !tab || look === 'small' || line.scrollWidth <= line.clientWidth) return;
    // Clear of the fade at either edge.
    const edge = 32;
    if (tab.offsetLeft - edge < line.scrollLeft) line.scrollLeft = tab.offsetLeft - edge;
    else if (tab.offsetLeft + tab.offsetWidth + edge > line.scrollLeft + line.clientWidth) {
      line.scrollLeft = tab.offsetLeft + tab.offsetWidth + edge - line.clientWidth;
    }
  }, [selected, look]);
  // After every render (the labels change with the language) and as the screen turns.
  useEffect(() => {
    if (look !== 'small') fadeEdges(list.current);
  });
  useEffect(() => {
    if (look === 'small') return;
    const onResize = () => fadeEdges(list.current);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [look]);
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
  const style = LOOK[look];
  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} className={LIST[look]} onKeyDown={onKeyDown} onScroll={(event) => fadeEdges(event.currentTarget)}>
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
              className={`${style.tab} ${active ? style.active : style.idle}`}
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
        className={`${panelClassName ?? PANEL[look]} focus:outline-none`}
      >
        {panel}
      </div>
    </div>
  );
}
