import { AccessDenied } from "@/features/auth/access-denied";
import { SiteLayout } from "../layout/site-layout";

/**
 * SPEC §2 Access-denied screen, one look wherever it appears (at / and on every protected route): under the public
 * navigation, since the signed-in area's links would only lead to this screen again.
 */
export function AccessDeniedScreen({ email }: { email: string }) {
  return (
    <SiteLayout variant="public">
      <AccessDenied email={email} />
    </SiteLayout>
  );
}
