import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackStart } from '@tanstack/react-start/plugin/vite';
import viteReact from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Every part of a route (its loader, page, skeleton, error and not-found) loads with that route, never up front.
const codeSplittingOptions = {
  defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] as (
    'loader' | 'component' | 'pendingComponent' | 'errorComponent' | 'notFoundComponent'
  )[][],
};

export const appPlugins = () => [tanstackStart({ srcDirectory: 'app', router: { codeSplittingOptions } }), viteReact()];

// Local servers (dev, preview) fake the request's `cf` object rather than download one from workers.cloudflare.com:
// Hladina reads nothing of it, and these machines reach no host beyond the package registries.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  build: {
    rolldownOptions: {
      // @date-fns/tz has no side effects but does not say so; without this, any page that touches the
      // station-time module would load it even when it uses none of its time-zone arithmetic.
      treeshake: { moduleSideEffects: (id) => (/[\\/]node_modules[\\/]@date-fns[\\/]tz[\\/]/.test(id) ? false : undefined) },
    },
  },
  // HLADINA_STATE points `vite preview` (and dev) at a local D1 and objects of their own: the benchmarks serve the
  // production build on a temporary state directory, never the dev database in .wrangler/state.
  plugins: [
    cloudflare({ viteEnvironment: { name: 'ssr' }, persistState: process.env.HLADINA_STATE ? { path: process.env.HLADINA_STATE } : true }),
    tailwindcss(),
    ...appPlugins(),
  ],
});
