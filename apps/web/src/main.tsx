import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyTheme, getTheme } from '@/lib/theme';
import { ToasterSlot } from '@/app/toaster-slot';
// Straight to the session's modules, not the feature's index: that one also brings its TanStack
// Query hooks and the toasts, which /login does not need (issue 13).
import { resumeSession } from '@/features/auth/session/session-lifecycle';
import { bindSessionToRouter } from '@/features/auth/session/session-events';
import { createAppRouter } from './router';
import './index.css';

applyTheme(getTheme());
resumeSession();
const router = createAppRouter();
bindSessionToRouter(router);

const root = document.getElementById('root');
if (!root) throw new Error('No se encontró el elemento #root');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
    <ToasterSlot />
  </StrictMode>,
);
