import './app/content-security.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setHeaderSource } from './api/client.ts';
import { App } from './app/App.tsx';
import { treeAccessHeaders } from './features/visitor/tree-access.ts';

// Requests to a tree carry the share link this tab came by, and the owner's preview flag.
setHeaderSource(treeAccessHeaders);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
