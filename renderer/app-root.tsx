// SPDX-License-Identifier: MIT
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

/** Draws the window (boot.ts calls it once the first terminal is on screen). */
export const renderApp = (): void => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
