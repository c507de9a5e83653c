import { startRemotesRequest } from './features/remotes/api/remotes-request';

// Where the remotes are is asked right away, in parallel with loading the shell's code.
startRemotesRequest();

// The async boundary Module Federation needs: shared modules (React…) are negotiated
// before any code that imports them runs.
import('./app/bootstrap').catch((err: unknown) => {
  console.error(err);
  document.body.textContent = 'No pudimos cargar Cuota. Revisa tu conexión y recarga la página.';
});
