import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // React Router v8's behaviour, opted into now: the request context is a RouterContextProvider
  // (the server sets `ssrContextKey` on it, apps/server/src/http/web.ts), loaders get the raw
  // request and read the route's URL from their `url` argument, data requests keep trailing
  // slashes (`/_.data` for the root), client loaders load in their own chunks, and the build
  // uses Vite's environment API.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
