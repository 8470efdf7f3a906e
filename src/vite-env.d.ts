/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin (and path prefix) of the server; the API lives under `${VITE_API_BASE}/api`. Default: same origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
