import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
