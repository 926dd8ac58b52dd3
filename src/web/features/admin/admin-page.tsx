import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function AdminPage() {
  return <PlaceholderPage title="PulseOps" />;
}
