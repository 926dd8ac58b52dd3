import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function TimelinePage() {
  return <PlaceholderPage title="PulseMap" />;
}
