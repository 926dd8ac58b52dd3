import { StickyNote } from "lucide-react";
import { BRANDS, BrandLogo, type Brand } from "@/components/brand-icons/brand-icons";
import type { ConnectorType } from "@shared/connectors";

const BRAND_OF: Partial<Record<ConnectorType, Brand>> = {
  google_meet_gemini: BRANDS.googleMeet,
  asana: BRANDS.asana,
  slack: BRANDS.slack,
  zoom: BRANDS.zoom,
  trello: BRANDS.trello,
  jira: BRANDS.jira,
  gmail: BRANDS.gmail,
  google_sheets: BRANDS.googleSheets,
  notion: BRANDS.notion,
  google_docs: BRANDS.googleDocs,
  google_drive: BRANDS.googleDrive,
};

/** A connector's brand mark; "notes" is no single brand, so it gets a generic note icon. Decorative: the name is beside it. */
export function ConnectorIcon({ type, className = "size-8" }: { type: ConnectorType; className?: string }) {
  const brand = BRAND_OF[type];
  return (
    <span aria-hidden="true" className="flex shrink-0 items-center justify-center">
      {brand ? (
        <BrandLogo brand={brand} className={className} />
      ) : (
        <StickyNote className={`${className} text-amber-500`} />
      )}
    </span>
  );
}
