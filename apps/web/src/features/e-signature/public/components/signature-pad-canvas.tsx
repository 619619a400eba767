import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureCanvasHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The drawing as a PNG data URL. */
  toDataUrl(): string;
}

/**
 * A canvas to sign on with a finger or a mouse (signature_pad), its bitmap sized to the device's
 * pixel ratio so the stroke is sharp on a phone; resized with the screen (keeping the strokes).
 */
export function SignatureCanvas({ ref, onChange }: { ref: Ref<SignatureCanvasHandle>; onChange: (empty: boolean) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signaturePad = new SignaturePad(element, { penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = signaturePad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = signaturePad.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signaturePad.clear();
      signaturePad.fromData(strokes);
    };
    fit();
    const ended = () => changed.current(signaturePad.isEmpty());
    signaturePad.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      signaturePad.removeEventListener('endStroke', ended);
      signaturePad.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    clear: () => {
      pad.current?.clear();
      changed.current(true);
    },
    toDataUrl: () => pad.current?.toDataURL('image/png') ?? '',
  }));

  return (
    <canvas
      ref={canvas}
      data-testid="signature-canvas"
      aria-label="Área para dibujar su firma"
      className="h-44 w-full touch-none rounded-lg border border-slate-300 bg-white dark:border-slate-700"
    />
  );
}
