import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { QueryScope } from "@/lib/query-client";
import { usePageTitle } from "@/lib/use-page-title";
import { CandidatesCard } from "./candidates-card";
import { ProjectsCard } from "./projects-card";

/** SPEC §4 Streams tab: new (default) or existing. */
type StreamsTab = "new" | "existing";

/**
 * Streams at /projects (SPEC §2 Streams page): discovered work from the user's apps, and the PulseMaps made of it.
 * Real data (issue #11): candidates from pulse.v_project_candidates_grouped, PulseMaps from pulse.projects.
 */
export default function StreamsPage() {
  usePageTitle("Streams");
  const [tab, setTab] = useState<StreamsTab>("new");

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Streams</h1>
        <p className="mt-1 text-muted-foreground">Here's what we've found in your apps...</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as StreamsTab)}>
        <TabsList aria-label="Streams">
          <TabsTrigger value="new">New Items</TabsTrigger>
          <TabsTrigger value="existing">Existing PulseMaps</TabsTrigger>
        </TabsList>
        <TabsContent value="new" className="pt-4">
          <QueryScope>
            <CandidatesCard />
          </QueryScope>
        </TabsContent>
        <TabsContent value="existing" className="pt-4">
          <QueryScope>
            <ProjectsCard />
          </QueryScope>
        </TabsContent>
      </Tabs>
    </section>
  );
}
