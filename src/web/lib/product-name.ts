/** SPEC §9: the product's name, as the pages and the document title show it. */
export const PRODUCT_NAME = "Pulse";
