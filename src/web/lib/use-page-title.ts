import { useEffect } from "react";
import { PRODUCT_NAME } from "./product-name";

/** Sets the document title for the page on screen, e.g. "Contact · Pulse". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title
      ? `${title} · ${PRODUCT_NAME}`
      : `${PRODUCT_NAME} — AI-Driven Project Intelligence Platform`;
  }, [title]);
}
