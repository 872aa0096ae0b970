import { DashboardScreen } from '../shell/dashboard-screen';

/** The dashboard; the active tab comes from the address (/profile is the Profile tab, see config/dashboard-tabs.ts). */
export function Component() {
  return <DashboardScreen />;
}
