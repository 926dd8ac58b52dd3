import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function ProductPage() {
  return <PlaceholderPage title="Product" />;
}
