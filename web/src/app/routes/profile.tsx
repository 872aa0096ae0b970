import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen';

/** The dashboard; the active tab comes from the address (/profile is the Profile tab, see features/dashboard/tabs.ts). */
export function Component() {
  return <DashboardScreen />;
}
