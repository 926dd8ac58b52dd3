import { PlaceholderPage } from "@/components/ui/placeholder-page";

/** SPEC §2 Access-denied screen — built with sign-in (issue #3). */
export function AccessDenied({ email }: { email: string }) {
  return <PlaceholderPage title="Unsupported email domain" description={email} />;
}
