import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/document-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadingState } from '../../../components/ui/spinner';
import { TEXTS } from '../../../config/texts';
import { isUnauthorized } from '../../../lib/api-client';
import { profileQueryOptions, type Profile } from '../../profile/api/get-profile';
import { ProfileTab } from '../../profile/components/profile-tab';
import { TranscribeTab } from '../../transcribe/components/transcribe-tab';
import { TranscribedFilesTab } from '../../library/components/transcribed-files-tab';
import { ProjectsTab } from '../../projects/components/projects-tab';
import { TagsTab } from '../../tags/components/tags-tab';
import { tabFromLocation, tabLabel, type DashboardTab } from '../tabs';
import { AppShell } from './app-shell';

/** The screen of each tab. */
const TAB_SCREENS: Record<DashboardTab, ComponentType<{ profile: Profile }>> = {
  profile: ProfileTab,
  transcribe: TranscribeTab,
  transcribed: TranscribedFilesTab,
  projects: ProjectsTab,
  tags: TagsTab,
};

/**
 * The dashboard (SPEC.md section 2). It loads the profile first: 'Loading...' meanwhile; a 401 is the
 * shared rule (toast, then /login); any other failure 'Failed to load user data.'. Then the active tab.
 * Only the Profile tab exists so far; the others say plainly that they are not available yet.
 */
export function DashboardScreen() {
  const { pathname, search } = useLocation();
  const tab = tabFromLocation(pathname, search);
  const label = tabLabel(tab);
  useDocumentTitle(label);
  const profile = useQuery(profileQueryOptions());

  let content;
  if (profile.isPending || (profile.isError && isUnauthorized(profile.error))) {
    // A 401 is already on its way to /login.
    content = <LoadingState label={TEXTS.common.loading} />;
  } else if (profile.isError) {
    content = (
      <div className="stack">
        <Alert tone="error">{TEXTS.dashboard.loadFailed}</Alert>
        <div>
          <Button variant="secondary" onClick={() => void profile.refetch()} busy={profile.isFetching}>
            {TEXTS.common.retry}
          </Button>
        </div>
      </div>
    );
  } else {
    const TabScreen = TAB_SCREENS[tab];
    content = <TabScreen profile={profile.data} />;
  }
  return (
    <AppShell activeTab={tab}>
      <h1 className="page-title">{label}</h1>
      {content}
    </AppShell>
  );
}
