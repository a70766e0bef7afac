import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { useNavigationErrorToast } from '@/app/navigation-error';
import type { RouterContext } from '@/app/router-context';
import { RouteDocumentTitle } from './-components/document-title';
import { NotFound } from './-components/not-found';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  useNavigationErrorToast();
  return (
    <>
      <RouteDocumentTitle />
      <AppLayout />
    </>
  );
}
