import { useState } from "react";
import { ALL } from "./admin-filters";

/** One admin table's search text and its one filter (role or method), starting blank and on "all". */
export function useTableFilters<F extends string>() {
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<F | typeof ALL>(ALL);
  return { search, setSearch, filter, setFilter };
}

export type TableFilters<F extends string> = ReturnType<typeof useTableFilters<F>>;
