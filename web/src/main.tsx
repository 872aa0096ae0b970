// The shared styles first: a component's own styles, loaded with it, come after them.
import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { configureApiClient } from './lib/api-client';
import { startTheme } from './lib/theme';

configureApiClient(window.location.origin);
startTheme();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
