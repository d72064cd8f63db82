import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { temporalReady } from './app/temporal-ready';
import './app/app.css';

void temporalReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // A page's first use of Intl loads the browser's locale data: 50 to 80 ms in one task on a fast desktop, four
  // times that on a mid-range phone. Asked for here, in a task of its own after the first render has sent the
  // session and message requests, it runs while they are on the network instead of inside the render that formats
  // the first figures (Lighthouse counted it in the page's longest blocking task).
  setTimeout(() => new Intl.NumberFormat(), 0);
});
