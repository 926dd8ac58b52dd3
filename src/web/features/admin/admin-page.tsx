import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePageTitle } from "@/lib/use-page-title";
import type { AdminRole } from "./constants";
import type { CommunicationMethod } from "@/lib/communication-preferences";
import { DEMO_ADMIN_USERS, DEMO_PREFERENCES } from "./demo-data";
import { ImpersonationBanner } from "./impersonation-banner";
import { ImpersonationTab } from "./impersonation-tab";
import { PreferencesTab } from "./preferences-tab";
import { useImpersonation } from "./use-impersonation";
import { useTableFilters } from "./use-table-filters";
import { UserAdminTab } from "./user-admin-tab";

/**
 * PulseOps, the project manager admin dashboard (SPEC §2) at /project-manager. Demo mode: built-in users and
 * preferences, nothing sent to a server (docs/decisions/0045-admin-dashboard.md). The tabs' filters and the
 * impersonation live here so they survive switching tabs.
 */
export default function AdminPage() {
  usePageTitle("PulseOps");
  const userFilters = useTableFilters<AdminRole>();
  const preferenceFilters = useTableFilters<CommunicationMethod>();
  const impersonation = useImpersonation();
  const impersonated = impersonation.active
    ? DEMO_ADMIN_USERS.find((u) => u.id === impersonation.userId)
    : undefined;

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">PulseOps</h1>
        <p className="mt-1 text-muted-foreground">Project manager admin dashboard (demo mode)</p>
        {/* Always present, so screen readers announce the banner when impersonation starts (decision 0045). */}
        <div aria-live="polite" className="[&>section]:mt-6">
          {impersonated && (
            <ImpersonationBanner
              user={impersonated}
              reason={impersonation.reason}
              onStop={impersonation.stop}
            />
          )}
        </div>
      </div>
      <Tabs defaultValue="users">
        <TabsList aria-label="PulseOps" className="h-auto w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="users">User Admin</TabsTrigger>
          <TabsTrigger value="preferences">Preferences</TabsTrigger>
          <TabsTrigger value="impersonation">Impersonation</TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="pt-4">
          <UserAdminTab users={DEMO_ADMIN_USERS} filters={userFilters} />
        </TabsContent>
        <TabsContent value="preferences" className="pt-4">
          <PreferencesTab preferences={DEMO_PREFERENCES} filters={preferenceFilters} />
        </TabsContent>
        <TabsContent value="impersonation" className="pt-4">
          <ImpersonationTab users={DEMO_ADMIN_USERS} impersonation={impersonation} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
