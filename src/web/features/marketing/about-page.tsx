import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function AboutPage() {
  return <PlaceholderPage title="About Pulse" />;
}
