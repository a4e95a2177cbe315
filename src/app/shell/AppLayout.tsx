import { AppShell, ScrollArea } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { ReauthModal } from '../auth/ReauthModal';
import { documentTitle, navItemForPath } from '../nav';
import { Header } from './Header';
import { Navigation } from './Navigation';
import { UnreachableBanner } from './UnreachableBanner';
import classes from './AppLayout.module.css';

/** The root layout: header, navbar of registered areas, the page, and the banners above it. */
export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const area = navItemForPath(pathname);
  // Pages outside the registry (the 404) set their own title.
  useDocumentTitle(area ? documentTitle(area.label) : '');
  const retryFailed = () => {
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    void router.invalidate();
  };
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="lg"
      >
        <AppShell.Header>
          <Header navOpened={navOpened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar aria-label="Main navigation" p="sm">
          <AppShell.Section grow component={ScrollArea}>
            <Navigation onNavigate={close} />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          <UnreachableBanner onRetry={retryFailed} />
          <Outlet />
        </AppShell.Main>
      </AppShell>
      <ReauthModal />
    </>
  );
}
