/**
 * Which build of a remote is on the page, for operators and the browser journeys; it is
 * hidden from everyone else. The label must be read (through DefinePlugin) in the
 * remote's own code, so the remote passes it in.
 */
export function BuildLabel({ container, label }: { container: string; label: string }) {
  return (
    <span hidden data-testid={`${container}-build-label`}>
      {label}
    </span>
  );
}
