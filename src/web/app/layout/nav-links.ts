/** SPEC §2 Top navigation: the public links and the signed-in area's links, in order. */
export const PUBLIC_LINKS = [
  { to: "/product", label: "Product" },
  { to: "/technology", label: "Technology" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const APP_LINKS = [
  { to: "/dashboard", label: "Console" },
  { to: "/projects", label: "Streams" },
  { to: "/timeline", label: "PulseMap" },
  { to: "/project-manager", label: "PulseOps" },
  { to: "/settings", label: "Settings" },
] as const;

export type NavVariant = "public" | "app";
