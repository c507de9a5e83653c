// Where the remotes are is asked as soon as this small chunk and the definitions it reads are
// here, while React and the rest of the shell are still loading; the boot awaits the answer
// (and reports a failure).
// Both early requests come in one chunk ("early"): one file fewer on every first load.
const remotes = import(/* webpackChunkName: "early" */ './features/remotes/api/fetch-remotes').then(
  (m) => m.fetchRemotes(),
);
remotes.catch(() => undefined);
// The session likewise: the routes render once it is known (SessionSync takes this answer;
// without it, SessionSync asks itself).
import(/* webpackChunkName: "early" */ './features/session/api/first-session')
  .then((m) => m.requestFirstSession())
  .catch(() => undefined);

// The async boundary Module Federation needs: shared modules (React…) are negotiated
// before any code that imports them runs.
import('./app/bootstrap')
  .then((m) => m.boot(remotes))
  .catch((err: unknown) => {
    console.error(err);
    document.body.textContent = 'No pudimos cargar Cuota. Revisa tu conexión y recarga la página.';
  });
