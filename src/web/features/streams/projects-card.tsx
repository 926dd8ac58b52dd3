import { useEffect, useId, useState } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableColumns, TableMessageRow, TableRow } from "@/components/ui/table";
import { formatShortDate, parseIsoDate } from "@/lib/format-date";
import { displayName, type ProjectSummary } from "@shared/streams";
import { ProjectItemsRow, ItemsDisclosureCell } from "./stream-items-row";
import { useProjects } from "./streams-api";

export const LOADING_PROJECTS = "Loading projects...";
export const NO_PROJECTS = "No PulseMaps found";
export const NO_DESCRIPTION = "No description";

const COLUMNS = ["PulseMap Name", "Description", "Created", "Actions"] as const;

/** SPEC §2 short date: mm/dd/yy. */
export const shortDate = (iso: string) => formatShortDate(parseIsoDate(iso));

/**
 * SPEC §2 Streams page, Existing PulseMaps tab. SPEC §8: a load error of this list "is thrown with no display
 * shown" — here it is logged and the card stays empty, and nothing else on the page is affected.
 */
export function ProjectsCard() {
  const titleId = useId();
  const projects = useProjects();

  useEffect(() => {
    if (projects.isError) console.error("Could not load the existing PulseMaps", projects.error);
  }, [projects.isError, projects.error]);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Existing PulseMaps
        </CardTitle>
        <CardDescription>View and manage your current PulseMaps</CardDescription>
      </CardHeader>
      {!projects.isError && (
        <CardContent>
          <Table aria-labelledby={titleId}>
            <TableColumns columns={COLUMNS} />
            <TableBody>
              {projects.isPending ? (
                <TableMessageRow colSpan={COLUMNS.length} text={LOADING_PROJECTS} role="status" />
              ) : projects.data.projects.length === 0 ? (
                <TableMessageRow colSpan={COLUMNS.length} text={NO_PROJECTS} />
              ) : (
                projects.data.projects.map((project) => <ProjectRow key={project.id} project={project} />)
              )}
            </TableBody>
          </Table>
        </CardContent>
      )}
    </Card>
  );
}

/** A PulseMap, and under it, once its name is pressed, the items it gathered (issue 38). */
function ProjectRow({ project }: { project: ProjectSummary }) {
  const name = displayName(project.name);
  const [expanded, setExpanded] = useState(false);
  const itemsId = useId();
  return (
    <>
      <TableRow>
        <ItemsDisclosureCell
          name={name}
          expanded={expanded}
          controls={itemsId}
          onToggle={() => setExpanded((open) => !open)}
        />
        <TableCell className="text-muted-foreground">{project.description || NO_DESCRIPTION}</TableCell>
        <TableCell className="whitespace-nowrap">{shortDate(project.created_at)}</TableCell>
        <TableCell>
          <ButtonLink to="/timeline" variant="outline" size="sm">
            View PulseMap
          </ButtonLink>
        </TableCell>
      </TableRow>
      {expanded && (
        <ProjectItemsRow id={itemsId} name={name} colSpan={COLUMNS.length} projectId={project.id} />
      )}
    </>
  );
}
