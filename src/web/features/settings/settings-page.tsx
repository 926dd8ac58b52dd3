import { OnDemandPanel } from "@/components/ui/on-demand-panel";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { onDemand, usePrefetch } from "@/lib/on-demand";
import { usePageTitle } from "@/lib/use-page-title";
import { PreferencesPanel } from "./preferences-panel";

/**
 * The Connectors tab's code (its cards, the Asana panel, the query library) is not on the page's first screen: it
 * is fetched once that screen is shown, or when the tab is opened first.
 */
const connectorsTab = onDemand(() =>
  import("./connectors-tab").then((module) => module.ConnectorsTabInScope),
);

/**
 * SPEC §2 Settings page at /settings: "User Preferences" (the preferences panel, decision 0071) and "Connectors".
 * Tab contents mount when shown, so the connectors are loaded and subscribed to only on their tab; the preferences
 * outlive their tab (preferences-panel.tsx keeps them while the browser page is open).
 */
export default function SettingsPage() {
  usePageTitle("Settings");
  usePrefetch(connectorsTab);
  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="mt-1 text-muted-foreground">Your preferences and connected tools</p>
      </div>
      <Tabs defaultValue="preferences">
        <TabsList aria-label="Settings">
          <TabsTrigger value="preferences">User Preferences</TabsTrigger>
          <TabsTrigger value="connectors">Connectors</TabsTrigger>
        </TabsList>
        <TabsContent value="preferences" className="pt-4">
          <PreferencesPanel />
        </TabsContent>
        <TabsContent value="connectors" className="pt-4">
          <OnDemandPanel
            code={connectorsTab}
            failedText="The connectors could not be loaded. Please check your connection and try again."
          />
        </TabsContent>
      </Tabs>
    </section>
  );
}
