import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function LandingPage() {
  return <PlaceholderPage title="AI-Driven Project Intelligence Platform" />;
}
