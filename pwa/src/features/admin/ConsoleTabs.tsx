// The console's one control for its tabs: WAI-ARIA tabs at two levels. A line of sections
// (Activités, Terrains, Personnes…), and in the chosen section's panel a line of its tabs when it
// has more than one; a section of one tab shows that tab's content at once. On a phone each line
// is one row that scrolls sideways (Tabs.tsx), so the chosen tab's content starts in the top half
// of the first screen; from 640 px the rows wrap. A role with one section (a supervisor) gets
// that section's tabs only. The chosen tab is ?tab=<id> (consoleSections.ts), so a reload or a
// shared link opens it; a section opens on its first tab. Drawn by the server's shell too
// (ConsoleFrame.tsx): its texts are in `common`.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/types';
import { ROW_PANEL, Tabs } from '../../components/Tabs';
import { chosenTab, firstTab, sectionOf, sectionsFor, tabQuery, type Section, type TabId } from './consoleSections';

/** The tab the address asks for among `role`'s, and how to choose another. */
export function useConsoleTab(role: Role) {
  const [params, setParams] = useSearchParams();
  const sections = sectionsFor(role);
  const selected = chosenTab(sections, params.get('tab'));
  const select = (tab: TabId) => setParams(tabQuery(tab), { replace: true });
  return { sections, selected, select };
}

/** The section's tabs, with the selected one's content; the content alone for a single tab. */
function SectionTabs({ section, selected, select, panel }: { section: Section; selected: TabId; select: (tab: TabId) => void; panel: ReactNode }) {
  const { t } = useTranslation();
  if (section.tabs.length === 1) return <>{panel}</>;
  return (
    <Tabs
      tabs={section.tabs}
      selected={selected}
      onSelect={select}
      label={t(`console.sections.${section.id}`)}
      tabLabel={(tab) => t(`console.tabs.${tab}`)}
      panel={panel}
    />
  );
}

export function ConsoleTabs({ role, panel }: { role: Role; panel: (tab: TabId) => ReactNode }) {
  const { t } = useTranslation();
  const { sections, selected, select } = useConsoleTab(role);
  const section = sectionOf(sections, selected);
  const content = panel(selected);
  if (sections.length === 1) {
    return (
      <Tabs
        tabs={section.tabs}
        selected={selected}
        onSelect={select}
        label={t(`console.sections.${section.id}`)}
        tabLabel={(tab) => t(`console.tabs.${tab}`)}
        panel={content}
      />
    );
  }
  return (
    <Tabs
      look="pills"
      tabs={sections.map(({ id }) => id)}
      selected={section.id}
      onSelect={(id) => select(firstTab(sections, id))}
      label={t('console.sectionsLabel')}
      tabLabel={(id) => t(`console.sections.${id}`)}
      // A section of one tab holds its content directly, spaced as a tab's panel.
      panelClassName={section.tabs.length === 1 ? ROW_PANEL : undefined}
      panel={<SectionTabs section={section} selected={selected} select={select} panel={content} />}
    />
  );
}
