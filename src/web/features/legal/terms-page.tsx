import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function TermsPage() {
  return <PlaceholderPage title="Terms of Service" />;
}
