import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { RequireSession } from '../features/session/RequireSession.tsx';
import { AppLayout } from './AppLayout.tsx';
import { FullScreenLoader } from './FullScreenLoader.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** Pages other than the landing page load on demand, keeping the first download small. */
function lazyPage(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

const treeRoutes = lazyPage(async () => (await import('../features/visitor/TreeRoutes.tsx')).TreeRoutes);

function SessionRoutes() {
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}

/** The pages of one tree, relative to its address (`/app/{treeId}` or `/share/{token}/{treeId}`); fresh objects for each use. */
function treePages(): RouteObject[] {
  return [
    {
      path: 'person/:personId',
      lazy: lazyPage(async () => (await import('../features/person/PersonPage.tsx')).PersonPage),
    },
    {
      path: 'tree/:personId',
      lazy: lazyPage(async () => (await import('../features/family-tree/FamilyTreePage.tsx')).FamilyTreePage),
    },
    {
      path: 'persons',
      lazy: lazyPage(async () => (await import('../features/person-search/PersonListPage.tsx')).PersonListPage),
    },
    {
      path: 'places',
      lazy: lazyPage(async () => (await import('../features/location/PlacesPage.tsx')).PlacesPage),
    },
    {
      path: 'sources',
      lazy: lazyPage(async () => (await import('../features/source/SourcesPage.tsx')).SourcesPage),
    },
    {
      path: 'media',
      lazy: lazyPage(async () => (await import('../features/media/MediaListPage.tsx')).MediaListPage),
    },
    {
      path: 'location/:locationId',
      lazy: lazyPage(async () => (await import('../features/location/LocationPage.tsx')).LocationPage),
    },
    {
      path: 'event/:eventId',
      lazy: lazyPage(async () => (await import('../features/event/EventPage.tsx')).EventPage),
    },
    {
      path: 'map',
      lazy: lazyPage(async () => (await import('../features/map/MapPage.tsx')).MapPage),
    },
    {
      path: 'events',
      lazy: lazyPage(async () => (await import('../features/event-list/EventListPage.tsx')).EventListPage),
    },
    {
      path: 'overview',
      lazy: lazyPage(async () => (await import('../features/overview/OverviewPage.tsx')).OverviewPage),
    },
    {
      path: 'search',
      lazy: lazyPage(async () => (await import('../features/search/SearchPage.tsx')).SearchPage),
    },
    {
      path: 'person/:personId/report/:kind',
      lazy: lazyPage(async () => (await import('../features/report/ReportPage.tsx')).ReportPage),
    },
    {
      path: 'person/:personId/relationship',
      lazy: lazyPage(async () => (await import('../features/relationship/RelationshipPage.tsx')).RelationshipPage),
    },
    {
      path: 'person/:personId/merge/:otherId',
      lazy: lazyPage(async () => (await import('../features/person-merge/PersonMergePage.tsx')).PersonMergePage),
    },
    {
      path: 'duplicates',
      lazy: lazyPage(async () => (await import('../features/duplicates/DuplicatesPage.tsx')).DuplicatesPage),
    },
    {
      path: 'quality',
      lazy: lazyPage(async () => (await import('../features/quality/QualityPage.tsx')).QualityPage),
    },
    {
      path: 'trash',
      lazy: lazyPage(async () => (await import('../features/trash/TrashPage.tsx')).TrashPage),
    },
    {
      path: 'history',
      lazy: lazyPage(async () => (await import('../features/history/RecentChangesPage.tsx')).RecentChangesPage),
    },
    {
      path: 'proposals',
      lazy: lazyPage(async () => (await import('../features/proposals/ProposalsPage.tsx')).ProposalsPage),
    },
  ];
}

export type AppRouter = ReturnType<typeof createRouter>;

/** The router starts loading the first page's lazy route as soon as it is made (main.tsx makes it early). */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullScreenLoader />,
      children: [
        {
          // A failing page keeps the header, so the user can go elsewhere.
          errorElement: <RouteErrorPage />,
          // While the first page's code loads, the header is already there (and its session request on
          // its way): the spinner covers only this route's outlet, and the tree's below.
          hydrateFallbackElement: <FullScreenLoader />,
          children: [
            { index: true, element: <LandingPage /> },
            {
              path: 'login',
              lazy: lazyPage(async () => (await import('../features/session/LoginPage.tsx')).LoginPage),
            },
            {
              path: 'register',
              lazy: lazyPage(async () => (await import('../features/session/RegisterPage.tsx')).RegisterPage),
            },
            {
              path: 'forgot-password',
              lazy: lazyPage(
                async () => (await import('../features/account/ForgotPasswordPage.tsx')).ForgotPasswordPage,
              ),
            },
            {
              path: 'reset-password',
              lazy: lazyPage(async () => (await import('../features/account/ResetPasswordPage.tsx')).ResetPasswordPage),
            },
            {
              path: 'signout',
              lazy: lazyPage(async () => (await import('../features/signout/SignOutPage.tsx')).SignOutPage),
            },
            {
              path: 'about',
              lazy: lazyPage(async () => (await import('../features/about/AboutPage.tsx')).AboutPage),
            },
            {
              path: 'contact',
              lazy: lazyPage(async () => (await import('../features/contact/ContactPage.tsx')).ContactPage),
            },
            {
              path: 'pricing',
              lazy: lazyPage(async () => (await import('../features/pricing/PricingPage.tsx')).PricingPage),
            },
            {
              path: 'cookies',
              lazy: lazyPage(async () => (await import('../features/cookies/CookiePolicyPage.tsx')).CookiePolicyPage),
            },
            {
              element: <SessionRoutes />,
              hydrateFallbackElement: <FullScreenLoader />,
              children: [
                {
                  path: 'account',
                  lazy: lazyPage(async () => (await import('../features/account/AccountPage.tsx')).AccountPage),
                },
                {
                  path: 'trees',
                  lazy: lazyPage(async () => (await import('../features/trees/TreesPage.tsx')).TreesPage),
                },
                {
                  path: 'trees/import',
                  lazy: lazyPage(
                    async () => (await import('../features/gedcom/GedcomImportPage.tsx')).GedcomImportPage,
                  ),
                },
              ],
            },
            {
              // A tree's pages: its owner signed in, or anyone who came by its share link.
              path: 'app/:treeId',
              // Loaded with the tree's first page (React Router loads a match's lazy routes together):
              // its root-person query brings the person schemas, which the landing page does without.
              lazy: treeRoutes,
              hydrateFallbackElement: <FullScreenLoader />,
              children: treePages(),
            },
            {
              // The same pages at a visitor's address, which carries the share link's token, so that
              // a page can be opened in a new tab, bookmarked or sent (issue 19 item 18).
              path: 'share/:token/:treeId',
              lazy: treeRoutes,
              hydrateFallbackElement: <FullScreenLoader />,
              children: treePages(),
            },
            {
              path: 'share/:token',
              lazy: lazyPage(async () => (await import('../features/visitor/SharePage.tsx')).SharePage),
            },
            {
              // An invitation link (issue 26): open to anyone who has it; accepting needs the invited account.
              path: 'invitation/:treeId/:token',
              lazy: lazyPage(async () => (await import('../features/members/InvitationPage.tsx')).InvitationPage),
            },
            {
              path: 'shared',
              lazy: lazyPage(async () => (await import('../features/visitor/FindTreePage.tsx')).FindTreePage),
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
