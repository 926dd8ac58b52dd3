// Applies the visitor's stored theme to the page before its first paint, so someone who chose light does not see
// the dark default flash while the app's code loads. index.html loads it synchronously in <head>; it is a file
// rather than an inline script because the CSP allows scripts from 'self' only. It follows src/web/lib/theme.tsx
// (same storage key, same default, "system" follows the OS); src/web/lib/theme.test.tsx proves the two agree.
(() => {
  let theme = "dark";
  try {
    const stored = localStorage.getItem("pulse-theme");
    if (stored === "light" || stored === "dark" || stored === "system") theme = stored;
  } catch {
    // Storage blocked (private mode, sandboxed frame): the default stands, as in the app.
  }
  if (theme === "system") theme = matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
})();
