import type { SsrContext } from '@croupier/shared/ssr-context';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const res = await (context as unknown as SsrContext).fetch('/health');
  return { health: (await res.json()) as { status: string } };
}

export function meta() {
  return [{ title: 'Croupier' }, { name: 'description', content: 'Open-source casino' }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <h1>Croupier — api {loaderData.health.status}</h1>;
}
