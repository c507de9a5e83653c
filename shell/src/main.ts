// The async boundary Module Federation needs: shared modules (React…) are negotiated
// before any code that imports them runs.
import('./app/bootstrap');
