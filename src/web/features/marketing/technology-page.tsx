import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function TechnologyPage() {
  return <PlaceholderPage title="Technology" />;
}
