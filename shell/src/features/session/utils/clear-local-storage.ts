/** Clears local storage; false when the browser refuses access to it (cookies blocked). */
export function clearLocalStorage(): boolean {
  try {
    window.localStorage.clear();
    return true;
  } catch {
    return false;
  }
}
