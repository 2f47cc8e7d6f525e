import { Outlet } from 'react-router';

// Placeholder until the app shell lands.
export default function AppLayout() {
  return <Outlet />;
}
