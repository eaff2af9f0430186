import './app/content-security.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setHeaderSource } from './api/client.ts';
import { App } from './app/App.tsx';
import { setNavigator } from './app/navigation.ts';
import { createRouter } from './app/router.tsx';
import { treeAccessHeaders } from './features/visitor/tree-access.ts';
import { i18nReady } from './i18n/index.ts';

// Requests to a tree carry the share link this tab came by, and the owner's preview flag.
setHeaderSource(treeAccessHeaders);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Made now, the router loads the page's own chunks (the person page's, say) while the texts load.
const router = createRouter();
// A notice's link (rendered outside the router) opens its page without loading the app again.
setNavigator((href) => void router.navigate(href));

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

// The first render waits for the language's texts (one small chunk), so that no key shows before its
// text. Should they fail to load, the app still renders: its keys are better than a blank page.
i18nReady.then(
  () => render(container),
  (error: unknown) => {
    console.error('The texts of the interface could not be loaded', error);
    render(container);
  },
);
