import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { Role } from '../../api/types';
import { renderPage, serve } from '../../test/render';
import { CONSOLE_SECTIONS, chosenTab, sectionsFor } from './consoleSections';
import { ConsoleTabs } from './ConsoleTabs';

// Written by hand from the centre's grouping: each address, the section and the tab it shows
// (no tab of its own when the section has one tab).
const ADMIN = [
  ['/admin', 'Terrains', null, 'bookings'],
  ['/admin?tab=bookings', 'Terrains', null, 'bookings'],
  ['/admin?tab=events', 'Activités', 'Événements', 'events'],
  ['/admin?tab=tournaments', 'Activités', 'Tournois', 'tournaments'],
  ['/admin?tab=leagues', 'Activités', 'Ligues', 'leagues'],
  ['/admin?tab=dayCamps', 'Activités', 'Camps de jour', 'dayCamps'],
  ['/admin?tab=members', 'Personnes', 'Membres', 'members'],
  ['/admin?tab=admins', 'Personnes', 'Administrateurs', 'admins'],
  ['/admin?tab=supervisors', 'Personnes', 'Superviseurs', 'supervisors'],
  ['/admin?tab=campStaff', 'Personnes', 'Animateurs', 'campStaff'],
  ['/admin?tab=payments', 'Paiements', null, 'payments'],
  ['/admin?tab=waitlists', "Listes d'attente", null, 'waitlists'],
  ['/admin?tab=privacy', 'Confidentialité', null, 'privacy'],
  // An unknown tab opens the first screen, as /admin does.
  ['/admin?tab=nope', 'Terrains', null, 'bookings'],
] as const;
const SECTIONS = ['Activités', 'Terrains', 'Personnes', 'Paiements', "Listes d'attente", 'Confidentialité'];

/** The address the console is at, as a shared link would copy it. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function open(path: string, role: Role = 'admin') {
  serve({});
  await renderPage(
    <>
      <ConsoleTabs role={role} panel={(tab) => <p data-testid="content">{tab}</p>} />
      <Where />
    </>,
    path,
  );
}

const where = () => screen.getByTestId('where').textContent;
const content = () => screen.getByTestId('content').textContent;
const sectionList = () => screen.getByRole('tablist', { name: 'Sections de la console' });
const selectedIn = (list: HTMLElement) => within(list).getAllByRole('tab', { selected: true }).map((tab) => tab.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the console's sections", () => {
  it('holds every tab once, in six sections', () => {
    const tabs = CONSOLE_SECTIONS.flatMap((section) => section.tabs);
    expect(tabs.slice().sort()).toEqual(
      ['admins', 'bookings', 'campStaff', 'dayCamps', 'events', 'leagues', 'members', 'payments', 'privacy', 'supervisors', 'tournaments', 'waitlists'].sort(),
    );
    expect(CONSOLE_SECTIONS.map((section) => section.id)).toEqual(['activities', 'courts', 'people', 'payments', 'waitlists', 'privacy']);
  });

  it('gives a supervisor the bookings only, whatever the address asks', () => {
    const sections = sectionsFor('supervisor');
    expect(sections).toEqual([{ id: 'courts', tabs: ['bookings'] }]);
    expect(chosenTab(sections, 'members')).toBe('bookings');
    expect(chosenTab(sectionsFor('admin'), 'members')).toBe('members');
  });
});

describe("the console's tabs", () => {
  for (const [path, section, tab, shown] of ADMIN) {
    it(`opens ${path} on ${section}${tab ? ` › ${tab}` : ''}`, async () => {
      await open(path);
      expect(within(sectionList()).getAllByRole('tab').map((t) => t.textContent)).toEqual(SECTIONS);
      expect(selectedIn(sectionList())).toEqual([section]);
      const lists = screen.getAllByRole('tablist');
      if (tab) {
        expect(lists).toHaveLength(2);
        expect(selectedIn(screen.getByRole('tablist', { name: section }))).toEqual([tab]);
      } else {
        expect(lists).toHaveLength(1);
      }
      expect(content()).toBe(shown);
    });
  }

  it('opens a section on its first tab and keeps the tab in the address', async () => {
    await open('/admin');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Personnes' })));
    expect(where()).toBe('/admin?tab=members');
    expect(content()).toBe('members');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Superviseurs' })));
    expect(where()).toBe('/admin?tab=supervisors');
    expect(content()).toBe('supervisors');
    // The first screen's tab has the plain address.
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Terrains' })));
    expect(where()).toBe('/admin');
    expect(content()).toBe('bookings');
  });

  it('moves with the arrow keys, Home and End, within each line', async () => {
    await open('/admin');
    const terrains = screen.getByRole('tab', { name: 'Terrains' });
    expect(terrains.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Activités' }).getAttribute('tabindex')).toBe('-1');
    await act(async () => fireEvent.keyDown(terrains, { key: 'ArrowRight' }));
    expect(where()).toBe('/admin?tab=members');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Personnes' }));
    await act(async () => fireEvent.keyDown(screen.getByRole('tab', { name: 'Personnes' }), { key: 'End' }));
    expect(where()).toBe('/admin?tab=privacy');
    await act(async () => fireEvent.keyDown(screen.getByRole('tab', { name: 'Confidentialité' }), { key: 'ArrowRight' }));
    expect(where()).toBe('/admin?tab=events');
    // The section's own line: Activités › Événements, left wraps to its last tab.
    await act(async () => fireEvent.keyDown(screen.getByRole('tab', { name: 'Événements' }), { key: 'ArrowLeft' }));
    expect(where()).toBe('/admin?tab=dayCamps');
    expect(selectedIn(sectionList())).toEqual(['Activités']);
    await act(async () => fireEvent.keyDown(screen.getByRole('tab', { name: 'Camps de jour' }), { key: 'Home' }));
    expect(where()).toBe('/admin?tab=events');
  });

  it("gives a supervisor one line: the Terrains section's Réservations tab", async () => {
    await open('/admin?tab=members', 'supervisor');
    const lists = screen.getAllByRole('tablist');
    expect(lists.map((list) => list.getAttribute('aria-label'))).toEqual(['Terrains']);
    expect(within(lists[0] as HTMLElement).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Réservations']);
    expect(selectedIn(lists[0] as HTMLElement)).toEqual(['Réservations']);
    expect(content()).toBe('bookings');
  });
});
