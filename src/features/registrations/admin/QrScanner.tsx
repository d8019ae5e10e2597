// Reads a ticket's QR code with the device camera. The browser's BarcodeDetector is used where it
// exists (Chrome on Android, macOS); elsewhere frames go through jsQR, loaded only when scanning.
import { useEffect, useRef, useState } from 'react';

type Decoder = (frame: ImageData) => Promise<string | null>;

async function makeDecoder(): Promise<Decoder> {
  const Detector = (
    globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => { detect(s: ImageBitmapSource): Promise<Array<{ rawValue: string }>> } }
  ).BarcodeDetector;
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (frame) => (await detector.detect(frame).catch(() => []))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (frame) => jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

const cameraProblem = (error: unknown) =>
  (error as { name?: string })?.name === 'NotAllowedError'
    ? 'The camera was not allowed. Allow it in the browser, or type the code instead.'
    : 'No camera could be started on this device. Type the code instead.';

export function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        const el = video.current!;
        el.srcObject = stream;
        await el.play();
        const decode = await makeDecoder();
        // A few frames a second is plenty for a code held up to the camera, and spares the battery.
        while (!stopped) {
          if (el.videoWidth && context) {
            canvas.width = el.videoWidth;
            canvas.height = el.videoHeight;
            context.drawImage(el, 0, 0);
            const code = await decode(context.getImageData(0, 0, canvas.width, canvas.height));
            if (code && !stopped) return onCode(code);
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);
  return (
    <div className="mt-4 rounded-lg border border-slate-200 p-4">
      {problem ? (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      ) : (
        <>
          <p className="text-slate-700" role="status">
            Hold the ticket's QR code in front of the camera.
          </p>
          <video ref={video} className="mt-3 w-full max-w-sm rounded bg-black" muted playsInline aria-label="Camera view" />
        </>
      )}
      <button type="button" className="btn-secondary mt-3" onClick={onClose}>
        Stop scanning
      </button>
    </div>
  );
}
