import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function StreamsPage() {
  return <PlaceholderPage title="Streams" />;
}
