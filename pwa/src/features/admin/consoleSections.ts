// The console's tabs, grouped into the sections its control shows (ConsoleTabs.tsx). A new tab
// is a word in its section's line here, with its panel (AdminPage.tsx), its label (common.json's
// console.tabs) and its route shell (scripts/route-shells.mjs's ADMIN_TABS, which the build
// checks against this list). A tab's id is its address, /admin?tab=<id>, kept in bookmarks and
// shared links: an id is never renamed.
import type { Role } from '../../api/types';

export const CONSOLE_SECTIONS = [
  { id: 'activities', tabs: ['events', 'tournaments', 'leagues', 'dayCamps'] },
  { id: 'courts', tabs: ['bookings'] },
  { id: 'people', tabs: ['members', 'admins', 'supervisors', 'campStaff'] },
  { id: 'payments', tabs: ['payments'] },
  { id: 'waitlists', tabs: ['waitlists'] },
  { id: 'privacy', tabs: ['privacy'] },
] as const;

export type SectionId = (typeof CONSOLE_SECTIONS)[number]['id'];
export type TabId = (typeof CONSOLE_SECTIONS)[number]['tabs'][number];
export interface Section {
  id: SectionId;
  tabs: readonly TabId[];
}

/** The tab /admin opens on without ?tab=, the one both roles have (server/src/web.rs sends its
 *  shell for /admin). Its address stays /admin. */
export const DEFAULT_TAB: TabId = 'bookings';

/** A supervisor's console: the court bookings, read-only (the server checks every call). */
const SUPERVISOR_TABS: readonly TabId[] = ['bookings'];

/** The sections `role` sees, each with the tabs it has there. */
export function sectionsFor(role: Role): readonly Section[] {
  if (role === 'admin') return CONSOLE_SECTIONS;
  return CONSOLE_SECTIONS.map(({ id, tabs }) => ({ id, tabs: tabs.filter((tab) => SUPERVISOR_TABS.includes(tab)) })).filter(
    ({ tabs }) => tabs.length > 0,
  );
}

/** The tab that ?tab=`asked` opens: the one asked when the role has it, else the default. */
export function chosenTab(sections: readonly Section[], asked: string | null): TabId {
  const found = sections.flatMap((section) => section.tabs).find((tab) => tab === asked);
  return found ?? DEFAULT_TAB;
}

/** The tab a section opens on: its first. */
export function firstTab(sections: readonly Section[], id: SectionId): TabId {
  return sections.find((section) => section.id === id)?.tabs[0] ?? DEFAULT_TAB;
}

/** The section that holds `tab`. */
export function sectionOf(sections: readonly Section[], tab: TabId): Section {
  return sections.find((section) => section.tabs.includes(tab)) ?? (sections[0] as Section);
}

/** The query of the address that opens `tab`: none for the default. */
export function tabQuery(tab: TabId): Record<string, string> {
  return tab === DEFAULT_TAB ? {} : { tab };
}
