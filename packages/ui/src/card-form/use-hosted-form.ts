import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { CardToken } from './card-form-types';

interface HostedFormState {
  valid: boolean;
  busy: boolean;
  height: number;
  error: string | null;
}

/**
 * Talks to the gateway's hosted card form in an iframe (infra/sandboxes/gateway README):
 * only messages from that frame and the form's origin count; the card number never leaves it.
 * `setFrame` is the iframe's ref.
 */
export function useHostedForm(formOrigin: string, onToken: (token: CardToken) => void) {
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const [state, setState] = useState<HostedFormState>({
    valid: false,
    busy: false,
    height: 360,
    error: null,
  });
  const tokenArrived = useEffectEvent(onToken);

  useEffect(() => {
    if (!frame) return;
    const listen = (event: MessageEvent) => {
      if (event.origin !== formOrigin || event.source !== frame.contentWindow) return;
      const data = event.data as { type?: string } & Record<string, unknown>;
      if (data.type === 'cuota:card-state')
        setState((s) => ({
          ...s,
          valid: !!data.valid,
          busy: !!data.busy,
          height: Number(data.height) || s.height,
        }));
      if (data.type === 'cuota:card-error')
        setState((s) => ({ ...s, error: String(data.message) }));
      if (data.type === 'cuota:card-token') {
        setState((s) => ({ ...s, error: null }));
        tokenArrived(data as unknown as CardToken);
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [formOrigin, frame]);

  /** The page's own "Pagar" button (portal, store) asks the form to tokenise. */
  const submit = useCallback(
    () => frame?.contentWindow?.postMessage({ type: 'cuota:card-submit' }, formOrigin),
    [frame, formOrigin],
  );
  return { setFrame, ...state, submit };
}
