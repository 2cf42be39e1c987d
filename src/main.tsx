import { selectIsStarting } from '@machines/language/language.selectors';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { startMachines } from '@/app/actors';
import { App } from '@/app/app';
import { createAppNavigation } from '@/app/navigation';
import { createAppRouter } from '@/app/router';
import { connectMachines } from '@/app/wiring';
import './styles/app.css';

const navigation = createAppNavigation();
const machines = startMachines(navigation);
const router = createAppRouter(machines);
navigation.attach(router);
connectMachines(machines, router);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first screen shows in the visitor's language, never as raw message ids.
void waitFor(machines.language, (snapshot) => !selectIsStarting(snapshot), { timeout: 30000 })
  .catch((error: unknown) => console.error('The language could not be loaded', error))
  .finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} machines={machines} />
      </StrictMode>,
    );
  });
