import { ComingSoon } from '../../components/coming-soon';
import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { AppShell } from '../../features/dashboard/components/app-shell';

/** The dashboard workspace (sidebar, tabs) is its own issue; until then the screen says so plainly. */
export function Component() {
  useDocumentTitle(TEXTS.dashboard.title);
  return (
    <AppShell>
      <h1 className="page-title">{TEXTS.dashboard.title}</h1>
      <ComingSoon />
    </AppShell>
  );
}
