import { BRANDS, BrandLogo, type Brand } from "@/components/brand-icons/brand-icons";

/** SPEC §2: the apps a Stream's source shows as icons; google_meet_gemini is two. Any other app is plain text. */
const SOURCE_APP_ICONS: Readonly<Record<string, readonly Brand[]>> = {
  asana: [BRANDS.asana],
  gmail: [BRANDS.gmail],
  google_meet_gemini: [BRANDS.googleMeet, BRANDS.gemini],
  jira: [BRANDS.jira],
  slack: [BRANDS.slack],
  zoom: [BRANDS.zoom],
};

/** SPEC §3: source_apps is an array or a single value. */
export function sourceAppList(apps: readonly string[] | string | null | undefined): string[] {
  if (apps === null || apps === undefined) return [];
  return typeof apps === "string" ? [apps] : [...apps];
}

export function SourceApps({ apps }: { apps: readonly string[] | string | null | undefined }) {
  const list = sourceAppList(apps);
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Source apps">
      {list.map((app) => (
        <li key={app} className="flex items-center gap-1">
          <SourceApp app={app} />
        </li>
      ))}
    </ul>
  );
}

/** One app as SPEC §2 shows it: its icons (named), or its name as plain text. */
export function SourceApp({ app }: { app: string }) {
  const icons = Object.hasOwn(SOURCE_APP_ICONS, app) ? SOURCE_APP_ICONS[app] : undefined;
  if (!icons) return <span className="text-sm text-muted-foreground">{app}</span>;
  return icons.map((brand) => <BrandLogo key={brand.title} brand={brand} className="size-5" />);
}
