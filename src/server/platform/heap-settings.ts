import v8 from "node:v8";

/**
 * The V8 settings the server process runs with, applied as its entry loads, before the server starts (decision 0108).
 *
 * No allocation-site pretenuring: V8 watches each object and array literal, and a literal whose objects all survive
 * one scavenge while the young generation is at its largest is from then on allocated straight into the old
 * generation, for the life of the process. A page of API rows can be caught alive by one scavenge; its literal is
 * then old, and every young string and array its later rows point to survives each scavenge through the old-to-young
 * remembered set, promoted until the next mark-compact. On the candidate page that took one fresh process in three
 * from about 450 to 650–780 µs of CPU a request (3.4 MB promoted per scavenge against 3 KB, 8 mark-compacts in 5 s
 * against none). A request's objects are short-lived, so the server has nothing to gain from pretenuring.
 *
 * Set at run time rather than on node's command line so that every way of starting the server (`npm start`, the
 * container, the tests and the benchmarks) runs with it; V8 reads this flag at each scavenge
 * (heap-settings.test.ts proves it takes effect when set this way).
 */
v8.setFlagsFromString("--no-allocation-site-pretenuring");
