import { ComingSoon } from '../../components/coming-soon';
import { useDocumentTitle } from '../../components/document-title';
import { TEXTS } from '../../config/texts';
import { AppShell } from '../../features/dashboard/components/app-shell';

export function Component() {
  useDocumentTitle(TEXTS.placeholders.profileTitle);
  return (
    <AppShell>
      <h1 className="page-title">{TEXTS.placeholders.profileTitle}</h1>
      <ComingSoon />
    </AppShell>
  );
}
