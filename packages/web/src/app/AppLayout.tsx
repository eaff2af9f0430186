import { may, type TreeRole } from '@anor/core';
import {
  ActionIcon,
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  NavLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBinaryTree,
  IconBooks,
  IconCalendarEvent,
  IconCopy,
  IconGitPullRequest,
  IconHistory,
  IconListSearch,
  IconLogin2,
  IconLogout,
  IconMail,
  IconMap,
  IconMapPin,
  IconPhoto,
  type IconProps,
  IconTag,
  IconTrash,
  IconUnlink,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, NavLink as RouterNavLink, ScrollRestoration, useLocation, useMatch } from 'react-router';
import { CookieBanner } from '../features/cookies/CookieBanner.tsx';
import { useSignOut } from '../features/session/mutations.ts';
import { useSession } from '../features/session/queries.ts';
import { useSessionEndEffect } from '../features/session/useSessionEndEffect.ts';
import { isPreviewAsVisitor, shareTokenFor, treeBase } from '../features/visitor/tree-access.ts';
import { useTreeRoute } from '../features/visitor/use-tree-route.ts';
import { LanguageSelector } from '../i18n/LanguageSelector.tsx';
import type { TranslationKey } from '../i18n/messages.ts';
import { LazyTooltip } from '../lib/LazyTooltip.tsx';
import { GlobalErrorDialog } from './GlobalErrorDialog.tsx';
import { Logo } from './Logo.tsx';
import { RouteChangeSpinner } from './RouteChangeSpinner.tsx';
import { useFocusMainOnNavigation } from './useFocusMainOnNavigation.ts';

interface NavItem {
  to: string;
  label: TranslationKey;
  icon: ComponentType<IconProps>;
  testId: string;
}

/** The header navigation of SPEC §2: family tree, account, contact (and pricing, which the landing page promises). */
const navItems: NavItem[] = [
  { to: '/trees', label: 'nav.familyTree', icon: IconBinaryTree, testId: 'nav-trees' },
  { to: '/account', label: 'nav.account', icon: IconUserCircle, testId: 'nav-account' },
  { to: '/pricing', label: 'nav.pricing', icon: IconTag, testId: 'nav-pricing' },
  { to: '/contact', label: 'nav.contact', icon: IconMail, testId: 'nav-contact' },
];

/** Inside a tree (/app/:treeId/… or a visitor's /share/:token/:treeId/…), the tree's own navigation joins the header's. */
function useTreeNavItems(): NavItem[] {
  const { treeId } = useTreeRoute();
  const tree = useQuery<{ role?: TreeRole }>({ queryKey: ['trees', 'detail', treeId ?? ''], enabled: false });
  if (!treeId) return [];
  // A visitor's addresses carry the share link's token (/share/{token}/{treeId}/…).
  const base = treeBase(treeId);
  const persons = `${base}/persons`;
  const places = `${base}/places`;
  const map = `${base}/map`;
  const events = `${base}/events`;
  const sources = `${base}/sources`;
  const overview = `${base}/overview`;
  const search = `${base}/search`;
  // The editors' tools need the role `edit` (issue 26): hidden where the tree's info, once a page
  // fetched it, says the user only reads (a viewer). The cache is read, nothing is fetched here:
  // the key is features/trees/queries.ts treeKeys.detail, whose schemas the first page does without.
  const role = tree.data?.role;
  const member = shareTokenFor(treeId) === null && !isPreviewAsVisitor(treeId);
  const editorTools = member && (role === undefined || may(role, 'edit'));
  // Proposed changes (issue 26): the review queue of those who edit, a contributor's own proposals.
  const proposals = member && (role === undefined || may(role, 'propose'));
  return [
    { to: search, label: 'search.navLink', icon: IconListSearch, testId: 'nav-tree-search-all' },
    { to: persons, label: 'personSearch.navLink', icon: IconUsers, testId: 'nav-tree-search' },
    { to: events, label: 'personEvents.eventList.navLink', icon: IconCalendarEvent, testId: 'nav-tree-events' },
    { to: places, label: 'places.navLink', icon: IconMapPin, testId: 'nav-tree-places' },
    { to: sources, label: 'sources.navLink', icon: IconBooks, testId: 'nav-tree-sources' },
    { to: `${base}/media`, label: 'media.navLink', icon: IconPhoto, testId: 'nav-tree-media' },
    { to: map, label: 'map.navLink', icon: IconMap, testId: 'nav-tree-map' },
    { to: overview, label: 'overview.navLink', icon: IconUnlink, testId: 'nav-tree-overview' },
    // The duplicate finder is the editors' only: no link where the tab reaches the tree by a share link.
    ...(editorTools
      ? [
          {
            to: `${base}/duplicates`,
            label: 'duplicate.navLink',
            icon: IconCopy,
            testId: 'nav-tree-duplicates',
          } as const,
          // The trash (issue 21), the owner's only as well.
          { to: `${base}/trash`, label: 'trash.navLink', icon: IconTrash, testId: 'nav-tree-trash' } as const,
          {
            to: `${base}/history`,
            label: 'history.navLink',
            icon: IconHistory,
            testId: 'nav-tree-history',
          } as const,
        ]
      : []),
    ...(proposals
      ? [
          {
            to: `${base}/proposals`,
            label: 'proposals.navLink',
            icon: IconGitPullRequest,
            testId: 'nav-tree-proposals',
          } as const,
        ]
      : []),
  ];
}

function HeaderLink({ item, isCompact = false }: { item: NavItem; isCompact?: boolean }) {
  const { t } = useTranslation();
  const isActive = useMatch({ path: item.to, end: false }) !== null;
  if (isCompact) {
    return (
      <LazyTooltip label={t(item.label)}>
        <ActionIcon
          component={RouterNavLink}
          to={item.to}
          variant={isActive ? 'light' : 'subtle'}
          color={isActive ? undefined : 'dark'}
          size="lg"
          aria-label={t(item.label)}
          data-testid={item.testId}
        >
          <item.icon aria-hidden size={20} />
        </ActionIcon>
      </LazyTooltip>
    );
  }
  return (
    <Button
      component={RouterNavLink}
      to={item.to}
      variant={isActive ? 'light' : 'subtle'}
      color={isActive ? undefined : 'dark'}
      // Narrow padding: inside a tree the tree's own links join the header's and all must fit one row.
      px="xs"
      data-testid={item.testId}
    >
      {t(item.label)}
    </Button>
  );
}

function SessionButton({ variant, onDone }: { variant: 'header' | 'navbar'; onDone?: () => void }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const signOut = useSignOut({ redirectTo: '/signout' });
  const location = useLocation();
  if (status === 'loading') return null;

  if (status === 'authenticated') {
    return (
      <Button
        variant={variant === 'header' ? 'default' : 'light'}
        fullWidth={variant === 'navbar'}
        leftSection={<IconLogout aria-hidden size={18} />}
        loading={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSettled: onDone })}
        data-testid={`${variant}-logout`}
      >
        {t('nav.logOut')}
      </Button>
    );
  }
  const callbackUrl = location.pathname.startsWith('/login') ? undefined : `${location.pathname}${location.search}`;
  const loginTarget =
    callbackUrl && callbackUrl !== '/' ? `/login?${new URLSearchParams({ callbackUrl }).toString()}` : '/login';
  return (
    <Button
      component={Link}
      to={loginTarget}
      variant={variant === 'header' ? 'filled' : 'light'}
      fullWidth={variant === 'navbar'}
      leftSection={<IconLogin2 aria-hidden size={18} />}
      onClick={onDone}
      data-testid={`${variant}-login`}
    >
      {t('nav.logIn')}
    </Button>
  );
}

function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" mt="xl" py="xl" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={4} maw={360}>
            <Logo size="sm" />
            <Text size="sm" c="dimmed">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <Group component="nav" aria-label={t('footer.label')} gap="lg">
            <Anchor component={Link} to="/about" size="sm" c="dark">
              {t('nav.about')}
            </Anchor>
            <Anchor component={Link} to="/pricing" size="sm" c="dark">
              {t('nav.pricing')}
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm" c="dark">
              {t('nav.contact')}
            </Anchor>
            <Anchor component={Link} to="/cookies" size="sm" c="dark">
              {t('nav.cookies')}
            </Anchor>
            <Anchor component={Link} to="/shared" size="sm" c="dark" data-testid="footer-find-tree">
              {t('visitor.findTitle')}
            </Anchor>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="lg">
          © {year} Anor
        </Text>
      </Container>
    </Box>
  );
}

/** The app shell: header with navigation (a burger menu on small screens), page, footer, and the global dialogs. */
export function AppLayout() {
  const { t } = useTranslation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const location = useLocation();
  const treeItems = useTreeNavItems();
  const items = [...navItems, ...treeItems];
  // Inside a tree the header holds the tree's icons too: it needs a wider screen before the burger gives way.
  const wide = treeItems.length > 0 ? 'lg' : 'md';
  useSessionEndEffect();
  useFocusMainOnNavigation('main');

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 300, breakpoint: wide, collapsed: { mobile: !isMenuOpen, desktop: true } }}
      padding={0}
    >
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" onClick={menu.close} data-testid="nav-home">
              <Logo />
              {/* Named "Anor, home page": the visible name first, so speech control finds it by what it shows. */}
              <VisuallyHidden>{`, ${t('shell.home')}`}</VisuallyHidden>
            </Anchor>
            <Group component="nav" aria-label={t('nav.label')} gap={4} visibleFrom={wide} wrap="nowrap">
              {navItems.map((item) => (
                <HeaderLink key={item.to} item={item} />
              ))}
              {treeItems.length > 0 ? (
                <Divider orientation="vertical" mx={4} h={24} style={{ alignSelf: 'center' }} />
              ) : null}
              {treeItems.map((item) => (
                // With their names the tree's links would not fit the header's row beside the others, the
                // language and the session button: icons, named by tooltips (and in the burger menu).
                <HeaderLink key={item.to} item={item} isCompact />
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom={wide}>
                <LanguageSelector />
              </Box>
              <Box visibleFrom={wide}>
                <SessionButton variant="header" />
              </Box>
              <Burger
                opened={isMenuOpen}
                onClick={menu.toggle}
                hiddenFrom={wide}
                aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
                aria-expanded={isMenuOpen}
                aria-controls="mobile-menu"
                data-testid="nav-burger"
              />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <AppShell.Navbar id="mobile-menu" p="md" hiddenFrom={wide} aria-label={t('nav.label')}>
        <Stack gap={4}>
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={RouterNavLink}
              to={item.to}
              label={t(item.label)}
              leftSection={<item.icon aria-hidden size={20} />}
              active={location.pathname.startsWith(item.to)}
              onClick={menu.close}
              data-testid={`mobile-${item.testId}`}
            />
          ))}
        </Stack>
        <Divider my="md" />
        <Stack gap="sm">
          <LanguageSelector fullWidth />
          <SessionButton variant="navbar" onDone={menu.close} />
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main id="main" tabIndex={-1} mih="100dvh" style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
      <Footer />

      <RouteChangeSpinner />
      <GlobalErrorDialog />
      <CookieBanner />
      <ScrollRestoration />
    </AppShell>
  );
}
