import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '@web/components/document-title';
import { LoadFailed } from '@web/components/ui/load-failed';
import { LoadingState } from '@web/components/ui/spinner';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '@web/config/texts';
import { isUnauthorized } from '@web/lib/api-client';
import { ReturnNotice } from '@web/features/auth/components/return-notice';
import { profileQueryOptions } from '@web/features/profile/api/get-profile';
import { ProfileTab } from '@web/features/profile/components/profile-tab';
import { TranscribeTab } from '@web/features/transcribe/components/transcribe-tab';
import { LiveTranscript } from '@web/features/live/live-transcript';
import { TranscribedFilesTab } from '@web/features/library/components/transcribed-files-tab';
import { ProjectsTab } from '@web/features/library/components/projects-tab';
import { TagsTab } from '@web/features/library/components/tags-tab';
import { tabFromLocation, tabLabel, type DashboardTab } from '@web/config/dashboard-tabs';
import { AppShell } from './app-shell';

/** The screen of each tab but Profile, which shows the loaded profile. */
/** The Transcribe tab with the live transcript composed in (issue 29). */
const TranscribeWithLive = () => <TranscribeTab live={LiveTranscript} />;

const TAB_SCREENS: Record<Exclude<DashboardTab, 'profile'>, ComponentType> = {
  transcribe: TranscribeWithLive,
  transcribed: TranscribedFilesTab,
  projects: ProjectsTab,
  tags: TagsTab,
};

/**
 * The dashboard (docs/product.md#screens-and-routes). It loads the profile first: 'Loading...' meanwhile; a 401 is the
 * shared rule (toast, then /login); any other failure 'Failed to load user data.'. Then the active tab.
 * Under the title, the page opened before signing in, if any, is offered back (ReturnNotice).
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
    content = <LoadingState label={COMMON_TEXTS.loading} />;
  } else if (profile.isError) {
    content = <LoadFailed message={DASHBOARD_TEXTS.loadFailed} query={profile} />;
  } else {
    const TabScreen = tab === 'profile' ? null : TAB_SCREENS[tab];
    content = TabScreen ? <TabScreen /> : <ProfileTab profile={profile.data} />;
  }
  return (
    <AppShell activeTab={tab}>
      <h1 className="page-title">{label}</h1>
      <ReturnNotice />
      {content}
    </AppShell>
  );
}
