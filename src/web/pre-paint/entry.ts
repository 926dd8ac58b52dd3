import { applyStoredTheme, fetchAppCodeAfterPaint, startSignedInPage } from "./pre-paint";

// The pre-paint script as the browser runs it: a classic script in <head>, so `document.currentScript` is the element
// the server wrote its data-* attributes on.
const data = document.currentScript?.dataset ?? {};
applyStoredTheme(window);
startSignedInPage(window, data);
fetchAppCodeAfterPaint(window, data);
