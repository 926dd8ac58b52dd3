import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function PrivacyPage() {
  return <PlaceholderPage title="Privacy Policy" />;
}
