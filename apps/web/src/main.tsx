import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '@/lib/query-client';
import { applyTheme, getTheme } from '@/lib/theme';
import { AppToaster } from '@/app/app-toaster';
import { bindSessionToRouter, resumeSession } from '@/features/auth';
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
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  </StrictMode>,
);
