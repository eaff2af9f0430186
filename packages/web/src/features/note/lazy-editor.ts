import { lazy } from 'react';

/** The editor's own chunk (Tiptap, ProseMirror and Mantine's editor styles load with it). */
export const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));
