import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { afterContentPaint } from "@/lib/after-paint";
import { onDemand, useOnDemand } from "@/lib/on-demand";
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
  useEffect(() => afterContentPaint(() => void connectorsTab.load().catch(() => undefined)), []);
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
          <ConnectorsTabContent />
        </TabsContent>
      </Tabs>
    </section>
  );
}

/** The Connectors tab once its code is here; until then the tab's own loading state, or what failed and a retry. */
function ConnectorsTabContent() {
  const { value: ConnectorsTab, failed, retry } = useOnDemand(connectorsTab);
  if (ConnectorsTab) return <ConnectorsTab />;
  if (failed)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="text-sm text-destructive">
          The connectors could not be loaded. Please check your connection and try again.
        </p>
        <Button variant="outline" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  return <Spinner className="py-12" />;
}
