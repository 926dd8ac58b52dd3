import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useRoutes } from "react-router";
import { AppProviders } from "./app/providers";
import { routes } from "./routes";
import "./styles.css";

function App() {
  return useRoutes(routes);
}

// Declarative mode (BrowserRouter + useRoutes) rather than a data router: half the router code in the first
// download (docs/decisions/0003-web-bundle-budget.md).
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <App />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
