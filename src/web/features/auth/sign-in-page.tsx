import { PlaceholderPage } from "@/components/ui/placeholder-page";

export default function SignInPage() {
  return <PlaceholderPage title="Welcome to Pulse" description="Sign-in arrives with issue #3." />;
}
