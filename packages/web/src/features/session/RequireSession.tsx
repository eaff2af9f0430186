import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '../../app/FullScreenLoader.tsx';
import { loginUrlFor } from './callback-url.ts';
import { useSession } from './queries.ts';

/** Shows its children to signed-in users; sends everyone else to the login page and back here afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'unauthenticated') {
    return <Navigate to={loginUrlFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}
