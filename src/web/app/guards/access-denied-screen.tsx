import { lazy } from "react";
import { PageBoundary } from "../page-boundary";
import { SiteLayout } from "../layout/site-layout";

// Only a signed-in user outside the company domain meets it, so it is not in everyone's first download.
const AccessDenied = lazy(() =>
  import("@/features/auth/access-denied").then(({ AccessDenied }) => ({ default: AccessDenied })),
);

/**
 * SPEC §2 Access-denied screen, one look wherever it appears (at / and on every protected route): under the public
 * navigation, since the signed-in area's links would only lead to this screen again.
 */
export function AccessDeniedScreen({ email }: { email: string }) {
  return (
    <SiteLayout variant="public">
      <PageBoundary>
        <AccessDenied email={email} />
      </PageBoundary>
    </SiteLayout>
  );
}
