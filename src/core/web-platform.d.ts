/**
 * The few globals both runtimes of src/core have (every supported browser and Node ≥ 20),
 * declared here because src/core is checked without the DOM and without Node's types
 * (tsconfig.core.json): anything else a core module reaches for is a compile error.
 * Only the members core uses; add one when core needs it.
 */
declare class URLSearchParams {
  set(name: string, value: string): void;
  get(name: string): string | null;
}

declare class URL {
  constructor(url: string | URL, base?: string | URL);
  readonly href: string;
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
  readonly searchParams: URLSearchParams;
}
